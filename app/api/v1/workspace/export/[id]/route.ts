import { contracts } from "@/lib/contracts";
import { downloadName, openDownload } from "@/lib/export/exports";
import { route } from "@/lib/server/route";
import { fileStore } from "@/lib/storage/store";
import { workspaceName } from "@/lib/workspaces/queries";

/** The ZIP streamed from the file store as it is read, never held whole. */
export const GET = route(contracts.downloadExport, async ({ user, sessionId, db, params, query }) => {
  const { row, body } = await openDownload(
    db,
    fileStore(),
    { userId: user.id, sessionId },
    params.id,
    query.token,
  );
  const name = downloadName(await workspaceName(db, row.workspaceId), row);
  return new Response(body, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${name}"`,
      ...(row.bytes ? { "content-length": String(row.bytes) } : {}),
      "cache-control": "no-store",
    },
  });
});
