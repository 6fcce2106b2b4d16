import { contracts } from "@/lib/contracts";
import { setRetention } from "@/lib/erase/retention";
import { deleteWorkspace } from "@/lib/erase/workspace";
import { liveBilling } from "@/lib/server/billing";
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

/** The browser's workspace cookie then names none of the person's: the next request falls back to their first. */
export const DELETE = route(contracts.deleteWorkspace, async ({ ok, user, db, req, body }) => {
  const { confirm_name } = await body();
  const member = await workspaceOfRequest(db, req, user);
  const { providers } = await liveBilling();
  return ok(await deleteWorkspace(db, providers, member, confirm_name));
});
