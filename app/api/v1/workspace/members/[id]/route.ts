import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";
import { changeRole, removeMember } from "@/lib/workspaces/members";

export const PATCH = route(contracts.changeMemberRole, async ({ ok, user, db, req, params, body }) => {
  const { role } = await body();
  const changed = await changeRole(db, await workspaceOfRequest(db, req, user), params.id, role);
  return ok({ id: changed.id, role: changed.role });
});

export const DELETE = route(contracts.removeMember, async ({ ok, user, db, req, params }) => {
  await removeMember(db, await workspaceOfRequest(db, req, user), params.id);
  return ok({ id: params.id });
});
