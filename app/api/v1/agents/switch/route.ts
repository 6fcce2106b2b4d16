import { contracts } from "@/lib/contracts";
import { agentOfMember, rememberAgent } from "@/lib/server/agents";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** The choice is this browser's: another browser of the same person keeps its own. */
export const POST = route(contracts.switchAgent, async ({ ok, user, db, req, body }) => {
  const { agent_id } = await body();
  const agent = await agentOfMember(db, await workspaceOfRequest(db, req, user), agent_id);
  return ok(
    { id: agent.publicId, name: agent.name, kind: agent.kind },
    { headers: rememberAgent(agent.publicId) },
  );
});
