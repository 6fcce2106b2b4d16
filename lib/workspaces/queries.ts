import "server-only";
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "@/lib/db/schema";
import type { Member, WorkspaceRole } from "./roles";

/** Every query of the workspace tables. Each one that reads a workspace's rows takes its id. */

export type MembershipRow = { workspaceId: string; name: string; role: WorkspaceRole; joinedAt: Date };
export type InvitationRow = typeof workspaceInvitations.$inferSelect;

const membership = {
  workspaceId: workspaceMembers.workspaceId,
  name: workspaces.name,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.joinedAt,
};

/** The person's workspaces, the first joined first. */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .select(membership)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.workspaceId));
}

export async function membershipIn(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<MembershipRow | null> {
  const [row] = await db
    .select(membership)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

/**
 * A workspace for a person who has none, with them as owner, named by the same rule as the workspaces migration's
 * (`workspace_name_of`). The user row is locked first, so two first requests at once make one workspace.
 */
export async function ensureOwnWorkspace(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await t.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
    const [any] = await t
      .select({ id: workspaceMembers.id })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, userId))
      .limit(1);
    if (any) return;
    await createOwnWorkspace(t, userId);
  });
}

/** Makes a workspace named after the person, with them as its owner (at sign-up). */
export async function createOwnWorkspace(db: Db, userId: string): Promise<string> {
  const [made] = await db
    .insert(workspaces)
    .values({ name: sql`(SELECT workspace_name_of(u) FROM ${users} u WHERE u.id = ${userId})` })
    .returning({ id: workspaces.id });
  await db.insert(workspaceMembers).values({ workspaceId: made!.id, userId, role: "owner" });
  return made!.id;
}

export type MemberView = {
  id: string;
  userId: string;
  role: WorkspaceRole;
  joinedAt: Date;
  email: string | null;
  firstName: string;
  lastName: string;
};

export async function membersOf(db: Db, workspaceId: string): Promise<MemberView[]> {
  return db
    .select({
      id: workspaceMembers.id,
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.joinedAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.id));
}

/** One membership row of a workspace by its id; another workspace's id finds nothing. */
export async function memberRow(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, id)))
    .limit(1);
  return row ?? null;
}

export async function countOwners(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  return row?.n ?? 0;
}

/** Locks the workspace row for the rest of the transaction: member changes of one workspace run one at a time. */
export async function lockWorkspace(db: Db, workspaceId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM ${workspaces} WHERE ${workspaces.id} = ${workspaceId} FOR UPDATE`);
}

export async function setMemberRole(db: Db, workspaceId: string, id: string, role: WorkspaceRole) {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, id)));
}

export async function deleteMember(db: Db, workspaceId: string, id: string) {
  await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, id)));
}

export async function addMember(db: Db, member: Member): Promise<void> {
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: member.workspaceId, userId: member.userId, role: member.role })
    .onConflictDoNothing();
}

export async function countMembers(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Invitations not yet accepted nor expired, newest first. */
export async function pendingInvitations(db: Db, workspaceId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(sql`${workspaceInvitations.insertedAt} desc`);
}

export async function invitationsSince(db: Db, workspaceId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(
      and(eq(workspaceInvitations.workspaceId, workspaceId), gt(workspaceInvitations.insertedAt, since)),
    );
  return row?.n ?? 0;
}

/** Whether an address already belongs to a member of the workspace. */
export async function isMemberEmail(db: Db, workspaceId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)))
    .limit(1);
  return Boolean(row);
}

/** A new pending invitation replaces an earlier pending one to the same address. */
export async function replaceInvitation(
  db: Db,
  values: typeof workspaceInvitations.$inferInsert,
): Promise<InvitationRow> {
  await db
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, values.workspaceId),
        eq(workspaceInvitations.email, values.email),
        isNull(workspaceInvitations.acceptedAt),
      ),
    );
  const [row] = await db.insert(workspaceInvitations).values(values).returning();
  return row!;
}

export async function invitationByHash(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks an invitation used; false when another request used it first. */
export async function markAccepted(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(workspaceInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(workspaceInvitations.id, id), isNull(workspaceInvitations.acceptedAt)))
    .returning({ id: workspaceInvitations.id });
  return rows.length === 1;
}

/** Withdraws a pending invitation of the workspace (its address, null when another workspace's id). */
export async function deleteInvitation(db: Db, workspaceId: string, id: string): Promise<string | null> {
  const rows = await db
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.id, id),
        isNull(workspaceInvitations.acceptedAt),
      ),
    )
    .returning({ email: workspaceInvitations.email });
  return rows[0]?.email ?? null;
}

/** How the audit log names a person: their address, else their name. */
export async function userLabel(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.email || `${row?.firstName ?? ""} ${row?.lastName ?? ""}`.trim();
}

export async function workspaceName(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.name ?? "";
}

/** The first owner of a workspace: whose subscription is the workspace's plan until billing moves to it. */
export async function firstOwner(db: Db, workspaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.id))
    .limit(1);
  return row?.userId ?? null;
}
