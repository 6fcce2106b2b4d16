import { contracts } from "@/lib/contracts";
import { addAgent, listAgents, rememberAgent } from "@/lib/server/agents";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

export const GET = route(contracts.listAgents, async ({ ok, user, db, req }) =>
  ok(await listAgents(db, await workspaceOfRequest(db, req, user))),
);

export const POST = route(contracts.createAgent, async ({ ok, user, db, req, locale, body }) => {
  const agent = await addAgent(db, await workspaceOfRequest(db, req, user), await body(), locale);
  return ok(agent, { status: 201, headers: rememberAgent(agent.id) });
});
