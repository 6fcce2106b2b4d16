import "server-only";
import { recordAudit } from "@/lib/audit/events";
import type { Db } from "@/lib/db/client";
import { memberOf } from "@/lib/workspaces/current";
import { type Member, requireRole } from "@/lib/workspaces/roles";

/**
 * Deleting an agent's conversations is for the owners and admins of the workspace the agent belongs to
 * (issue 48); an editor or support member gets a translated 403.
 */
export async function requireEraser(
  db: Db,
  userId: string,
  agent: { workspaceId: string },
  ip: string | null = null,
): Promise<Member> {
  return { ...requireRole(await memberOf(db, userId, agent.workspaceId), "admin"), ip };
}

/**
 * Conversations deleted by a member, in the workspace's audit log: how many, never whose (the log must not
 * keep what the erasure removed).
 */
export function auditErasure(
  db: Db,
  member: Member,
  agent: { publicId: string; name: string },
  conversations: number,
) {
  return recordAudit(db, {
    workspaceId: member.workspaceId,
    actorId: member.userId,
    ip: member.ip ?? null,
    action: "conversations.erased",
    target: { kind: "agent", id: agent.publicId, label: agent.name },
    detail: { conversations },
  });
}
