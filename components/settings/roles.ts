import type { WorkspaceRole } from "@/lib/contracts/workspaces";

/** The roles as the pages offer them, highest first; the server decides, this only greys out what it refuses. */
export const ROLES: readonly WorkspaceRole[] = ["owner", "admin", "editor", "support"];
const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, editor: 1, support: 0 };
export const atLeast = (role: WorkspaceRole, min: WorkspaceRole) => RANK[role] >= RANK[min];
