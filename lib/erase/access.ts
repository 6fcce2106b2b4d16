import "server-only";
import type { Db } from "@/lib/db/client";
import { memberOf } from "@/lib/workspaces/current";
import { type Member, requireRole } from "@/lib/workspaces/roles";

/**
 * Deleting an agent's conversations is for the owners and admins of the workspace the agent belongs to
 * (issue 48); an editor or support member gets a translated 403.
 */
export async function requireEraser(db: Db, userId: string, agent: { workspaceId: string }): Promise<Member> {
  return requireRole(await memberOf(db, userId, agent.workspaceId), "admin");
}
