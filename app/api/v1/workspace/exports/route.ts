import { contracts } from "@/lib/contracts";
import { exportView, recentExports } from "@/lib/export/exports";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

export const GET = route(contracts.listExports, async ({ ok, user, db, req }) => {
  const member = await workspaceOfRequest(db, req, user);
  const now = new Date();
  return ok((await recentExports(db, member)).map((row) => exportView(row, now)));
});
