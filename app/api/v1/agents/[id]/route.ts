import { contracts } from "@/lib/contracts";
import { deleteAgent } from "@/lib/server/agents";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

export const DELETE = route(contracts.deleteAgent, async ({ ok, user, db, req, params, body }) => {
  const { confirm_name } = await body();
  return ok(await deleteAgent(db, await workspaceOfRequest(db, req, user), params.id, confirm_name));
});
