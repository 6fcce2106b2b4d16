import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";
import { auditLog } from "@/lib/workspaces/audit";

export const GET = route(contracts.listAudit, async ({ ok, user, db, req, query }) => {
  const member = await workspaceOfRequest(db, req, user);
  const lastId = query.last_id ? Number(query.last_id) : null;
  const { events, lastId: next, hasMore } = await auditLog(db, member, { lastId, limit: query.limit });
  return ok(events, { meta: { last_id: next, has_more: hasMore }, headers: { "cache-control": "no-store" } });
});
