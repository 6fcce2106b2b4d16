/** What the app shell shows of the browser's current workspace and agent (read by the layout, on the server). */
export type ShellChoice = {
  workspaceName: string;
  role: "owner" | "admin" | "editor" | "support";
  /** the agent's public id; null before the workspace has one */
  agentId: string | null;
  agentName: string | null;
};
