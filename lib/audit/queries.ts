import "server-only";
import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { auditEvents, subscriptions, users, workspaceMembers } from "@/lib/db/schema";

/** Every query of the audit log. Reading always names the workspace. */

export type AuditRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: Db, values: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(values);
}

export type AuditListed = AuditRow & {
  actorEmail: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
};

/** A workspace's events newest first, `limit` of them below `beforeId` (keyset paging by id). */
export async function auditEventsOf(
  db: Db,
  workspaceId: string,
  opts: { beforeId: number | null; limit: number },
): Promise<AuditListed[]> {
  return db
    .select({
      id: auditEvents.id,
      workspaceId: auditEvents.workspaceId,
      actorId: auditEvents.actorId,
      action: auditEvents.action,
      targetKind: auditEvents.targetKind,
      targetId: auditEvents.targetId,
      targetLabel: auditEvents.targetLabel,
      detail: auditEvents.detail,
      ip: auditEvents.ip,
      createdAt: auditEvents.createdAt,
      actorEmail: users.email,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.workspaceId, workspaceId),
        opts.beforeId === null ? undefined : lt(auditEvents.id, opts.beforeId),
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(opts.limit);
}

/** Removes events older than `before`; how many went. */
export async function purgeAuditBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(auditEvents)
    .where(lt(auditEvents.createdAt, before))
    .returning({ id: auditEvents.id });
  return rows.length;
}

/** The plan a person's subscription row holds now (before a change is written), null without one. */
export async function subscribedPlan(db: Db, ownerId: string): Promise<string | null> {
  const [row] = await db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(eq(subscriptions.ownerId, ownerId))
    .limit(1);
  return row?.plan ?? null;
}

/** The workspace a subscription is the plan of until billing moves to workspaces: its owner's first owned. */
export async function ownedWorkspace(db: Db, ownerId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, ownerId), eq(workspaceMembers.role, "owner")))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.id))
    .limit(1);
  return row?.workspaceId ?? null;
}
