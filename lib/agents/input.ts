import "server-only";

/** The body of POST /api/v1/agent lives in its contract (lib/contracts/agent.ts). */
export { AGENT_BODY_LIMIT, type AgentInput, agentInputSchema } from "@/lib/contracts/agent";
export { type AgentLanguage, agentFieldLimits, agentLanguages } from "@/lib/shared/agent-fields";
