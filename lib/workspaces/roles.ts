import "server-only";
import { type WorkspaceRole, workspaceRoles } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";

export { type WorkspaceRole, workspaceRoles };

/**
 * Who is acting, in which workspace, with which role: what every workspace-scoped query takes. `ip`, the
 * request's client address where there is a request, goes into the audit log.
 */
export type Member = { userId: string; workspaceId: string; role: WorkspaceRole; ip?: string | null };

/** Higher is more: owner > admin > editor > support. */
const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, editor: 1, support: 0 };

export const isWorkspaceRole = (value: unknown): value is WorkspaceRole =>
  typeof value === "string" && (workspaceRoles as readonly string[]).includes(value);

export const atLeast = (role: WorkspaceRole, min: WorkspaceRole) => RANK[role] >= RANK[min];

/** A 403 in the caller's language unless the member's role is `min` or above. */
export function requireRole(member: Member, min: WorkspaceRole): Member {
  if (!atLeast(member.role, min)) throw new ApiError("forbidden", "workspace_role_required");
  return member;
}

/** Nobody gives a role above their own (an admin cannot make an owner, an editor cannot invite an admin). */
export function requireGrantable(member: Member, role: WorkspaceRole): void {
  if (!atLeast(member.role, role)) throw new ApiError("forbidden", "workspace_role_above_own");
}
