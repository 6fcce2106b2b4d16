import "server-only";
import { recordAudit } from "@/lib/audit/events";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { isUuid } from "./current";
import {
  countOwners,
  deleteMember,
  lockWorkspace,
  memberRow,
  membersOf,
  pendingInvitations,
  setMemberRole,
  userLabel,
} from "./queries";
import { atLeast, type Member, requireGrantable, requireRole, type WorkspaceRole } from "./roles";

/** The workspace's members and its pending invitations, for any member of it. */
export async function roster(db: Db, member: Member, now = new Date()) {
  const [members, invitations] = await Promise.all([
    membersOf(db, member.workspaceId),
    pendingInvitations(db, member.workspaceId, now),
  ]);
  return { members, invitations };
}

async function targetOf(db: Db, member: Member, id: string) {
  const row = isUuid(id) ? await memberRow(db, member.workspaceId, id) : null;
  if (!row) throw new ApiError("not_found", "member_not_found");
  return row;
}

/**
 * Changes a member's role (owner and admin): nobody gives a role above their own or changes someone above
 * them, and the last owner stays an owner.
 */
export async function changeRole(db: Db, member: Member, id: string, role: WorkspaceRole) {
  requireRole(member, "admin");
  requireGrantable(member, role);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await lockWorkspace(t, member.workspaceId);
    const target = await targetOf(t, member, id);
    if (!atLeast(member.role, target.role)) throw new ApiError("forbidden", "workspace_role_above_own");
    if (target.role === "owner" && role !== "owner" && (await countOwners(t, member.workspaceId)) <= 1) {
      throw new ApiError("conflict", "workspace_last_owner");
    }
    await setMemberRole(t, member.workspaceId, target.id, role);
    if (target.role !== role) {
      await recordAudit(t, {
        workspaceId: member.workspaceId,
        actorId: member.userId,
        ip: member.ip ?? null,
        action: "member.role_changed",
        target: { kind: "member", id: target.id, label: await userLabel(t, target.userId) },
        detail: { from: target.role, to: role },
      });
    }
    return { ...target, role };
  });
}

/**
 * Removes a member: anyone may leave; owner and admin remove others no higher than themselves. The last
 * owner can neither leave nor be removed. The removed person's next request finds no membership.
 */
export async function removeMember(db: Db, member: Member, id: string) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockWorkspace(t, member.workspaceId);
    const target = await targetOf(t, member, id);
    if (target.userId !== member.userId) {
      requireRole(member, "admin");
      if (!atLeast(member.role, target.role)) throw new ApiError("forbidden", "workspace_role_above_own");
    }
    if (target.role === "owner" && (await countOwners(t, member.workspaceId)) <= 1) {
      throw new ApiError("conflict", "workspace_last_owner");
    }
    await deleteMember(t, member.workspaceId, target.id);
    await recordAudit(t, {
      workspaceId: member.workspaceId,
      actorId: member.userId,
      ip: member.ip ?? null,
      action: target.userId === member.userId ? "member.left" : "member.removed",
      target: { kind: "member", id: target.id, label: await userLabel(t, target.userId) },
      detail: { role: target.role },
    });
  });
}
