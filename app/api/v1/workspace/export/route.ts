import { contracts } from "@/lib/contracts";
import { exportView, requestExport } from "@/lib/export/exports";
import { sendExport } from "@/lib/export/queue";
import { route } from "@/lib/server/route";
import { runtime } from "@/lib/server/runtime";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** The mail goes in the requester's language (this request's); times in the ZIP in their saved zone. */
export const POST = route(contracts.startExport, async ({ ok, user, db, req, locale }) => {
  const member = await workspaceOfRequest(db, req, user);
  const rt = await runtime();
  const row = await requestExport(db, member, { locale, timeZone: user.timeZone }, (id) =>
    sendExport(rt.jobs.boss, id),
  );
  return ok(exportView(row), { status: 202 });
});
