import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/events";
import type { Db } from "@/lib/db/client";
import { workspaces } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { type Member, requireRole } from "@/lib/workspaces/roles";
import { applyRetention } from "./conversations";

const log = logger("erase");

/** How long a workspace keeps conversations, in days; null: until deleted by hand. */
export const RETENTION_DAYS = [30, 90, 180, 365] as const;
export type RetentionDays = (typeof RETENTION_DAYS)[number] | null;

export async function retentionOf(db: Db, workspaceId: string): Promise<RetentionDays> {
  const [row] = await db
    .select({ days: workspaces.retentionDays })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return (row?.days ?? null) as RetentionDays;
}

/** Owner and admin only; the next daily pass applies it. */
export async function setRetention(db: Db, member: Member, days: RetentionDays): Promise<RetentionDays> {
  requireRole(member, "admin");
  await db.update(workspaces).set({ retentionDays: days }).where(eq(workspaces.id, member.workspaceId));
  await recordAudit(db, {
    workspaceId: member.workspaceId,
    actorId: member.userId,
    ip: member.ip ?? null,
    action: "retention.changed",
    target: { kind: "workspace", id: member.workspaceId },
    detail: { days },
  });
  return days;
}

/** Daily: conversations past their workspace's retention are deleted. */
export const retentionQueue: JobQueue = {
  name: "erase.retention",
  cron: "43 3 * * *",
  handler: async (database) => {
    const deleted = await applyRetention(database.db);
    if (deleted > 0) log.info(`retention deleted ${deleted} conversation(s)`);
    return { deleted };
  },
};
