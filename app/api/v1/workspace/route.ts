import { contracts } from "@/lib/contracts";
import { setRetention } from "@/lib/erase/retention";
import { route } from "@/lib/server/route";
import { workspaceOfRequest, workspaceView } from "@/lib/server/workspace";

export const GET = route(contracts.getWorkspace, async ({ ok, user, db, req }) => {
  return ok(workspaceView(await workspaceOfRequest(db, req, user)));
});

export const PATCH = route(contracts.updateWorkspace, async ({ ok, user, db, req, body }) => {
  const { retention_days } = await body();
  const member = await workspaceOfRequest(db, req, user);
  return ok({ ...workspaceView(member), retention_days: await setRetention(db, member, retention_days) });
});
