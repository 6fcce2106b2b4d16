import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { rememberWorkspace, workspaceView } from "@/lib/server/workspace";
import { memberOf } from "@/lib/workspaces/current";

/** The choice is this browser's: another browser of the same person keeps its own. */
export const POST = route(contracts.switchWorkspace, async ({ ok, user, db, body }) => {
  const { workspace_id } = await body();
  const member = await memberOf(db, user.id, workspace_id);
  return ok(workspaceView(member), { headers: rememberWorkspace(member.workspaceId) });
});
