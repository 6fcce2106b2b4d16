import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { workspaceOfRequest, workspaceView } from "@/lib/server/workspace";

export const GET = route(contracts.getWorkspace, async ({ ok, user, db, req }) => {
  return ok(workspaceView(await workspaceOfRequest(db, req, user)));
});
