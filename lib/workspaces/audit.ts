import "server-only";
import { auditEventsOf } from "@/lib/audit/queries";
import { auditView } from "@/lib/audit/views";
import type { Db } from "@/lib/db/client";
import { type Member, requireRole } from "./roles";

/** The workspace's audit log for its owners and admins, newest first, `limit` below `lastId`. */
export async function auditLog(db: Db, member: Member, opts: { lastId: number | null; limit: number }) {
  requireRole(member, "admin");
  const rows = await auditEventsOf(db, member.workspaceId, { beforeId: opts.lastId, limit: opts.limit + 1 });
  const page = rows.slice(0, opts.limit);
  const hasMore = rows.length > opts.limit;
  return { events: page.map(auditView), lastId: hasMore ? String(page.at(-1)!.id) : null, hasMore };
}
