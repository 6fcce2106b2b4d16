import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";
import { workspacesOf } from "@/lib/workspaces/current";

export const GET = route(contracts.listWorkspaces, async ({ ok, user, db, req }) => {
  // Resolving first makes the workspace of an account from before workspaces, so the list is never empty.
  await workspaceOfRequest(db, req, user);
  return ok(await workspacesOf(db, user.id));
});
