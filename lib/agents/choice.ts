import "server-only";
import type { Db } from "@/lib/db/client";
import { isPublicId } from "./public-id";
import { type AgentRow, agentInWorkspace, firstAgentOfWorkspace } from "./queries";

/**
 * The agent a member acts on in their workspace: the one a request names (`agent_id`; an unknown or
 * another workspace's id is `"unknown"`, for the caller's 404, never a silent switch to another agent),
 * else the browser's remembered choice while it is still in the workspace, else the workspace's first;
 * null when it has none yet.
 */
export async function chosenAgent(
  db: Db,
  workspaceId: string,
  named: string | null | undefined,
  remembered: string | undefined,
): Promise<AgentRow | null | "unknown"> {
  if (named !== null && named !== undefined) {
    const row = isPublicId(named) ? await agentInWorkspace(db, workspaceId, named) : null;
    return row ?? "unknown";
  }
  if (remembered && isPublicId(remembered)) {
    const row = await agentInWorkspace(db, workspaceId, remembered);
    if (row) return row;
  }
  return firstAgentOfWorkspace(db, workspaceId);
}

/** The `agent_id` a request names in its query string, if any. */
export function namedAgentOf(req: Request): string | null {
  return new URL(req.url).searchParams.get("agent_id");
}
