import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";
import { withdraw } from "@/lib/workspaces/invitations";

export const DELETE = route(contracts.withdrawInvitation, async ({ ok, user, db, req, params }) => {
  await withdraw(db, await workspaceOfRequest(db, req, user), params.id);
  return ok({ id: params.id });
});
