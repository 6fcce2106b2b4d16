/** What kind of organisation or person an agent speaks for (AGENT-1); the schema stores one of these. */
export const agentKinds = ["individual", "business", "government"] as const;
export type AgentKind = (typeof agentKinds)[number];
