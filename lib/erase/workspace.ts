import "server-only";
import { and, count, eq, ne } from "drizzle-orm";
import type { Providers } from "@/lib/billing/providers";
import type { Db } from "@/lib/db/client";
import { agents, workspaceMembers, workspaces } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { firstOwner, lockWorkspace } from "@/lib/workspaces/queries";
import { type Member, requireRole } from "@/lib/workspaces/roles";
import { eraseAgentData, requireNotLearning } from "./agent";
import { endSubscriptionNow, requireNoPaymentVerifying } from "./billing";

const log = logger("erase");

export type WorkspaceErasure = {
  agents: number;
  conversations: number;
  documents: number;
  subscription_canceled: boolean;
};

/** Whether the person is the first owner of a workspace other than this one (their plan pays for it too). */
async function paysForAnother(db: Db, userId: string, workspaceId: string): Promise<boolean> {
  const owned = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        eq(workspaceMembers.role, "owner"),
        ne(workspaceMembers.workspaceId, workspaceId),
      ),
    );
  for (const w of owned) if ((await firstOwner(db, w.workspaceId)) === userId) return true;
  return false;
}

/**
 * Deletes a workspace and everything in it (issue 48). The caller has checked who may (an owner, who typed
 * its name: `deleteWorkspace`); an account deletion calls this for the person's own solo workspaces. Every
 * agent's data goes first (refused with a 409, touching nothing, while documents are being learned or a
 * payment is verifying), then the plan it is bought with ends at once without refund, unless that
 * subscription also pays for another workspace of the same owner; then the workspace and its members.
 */
export async function eraseWorkspace(
  db: Db,
  providers: Providers,
  workspaceId: string,
  now = new Date(),
): Promise<WorkspaceErasure> {
  const payer = await firstOwner(db, workspaceId);
  const held = await db.select({ id: agents.id }).from(agents).where(eq(agents.workspaceId, workspaceId));
  for (const agent of held) await requireNotLearning(db, agent.id, now);
  if (payer) await requireNoPaymentVerifying(db, payer);
  const result: WorkspaceErasure = {
    agents: 0,
    conversations: 0,
    documents: 0,
    subscription_canceled: false,
  };
  for (const agent of held) {
    const erased = await eraseAgentData(db, agent.id, { now });
    if (!erased) continue;
    result.agents++;
    result.conversations += erased.conversations;
    result.documents += erased.documents;
  }
  if (payer && !(await paysForAnother(db, payer, workspaceId))) {
    result.subscription_canceled = await endSubscriptionNow(db, providers, payer, now);
  }
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockWorkspace(t, workspaceId);
    // An agent made meanwhile: nothing is deleted under it; asking again erases it too.
    const [left] = await t.select({ n: count() }).from(agents).where(eq(agents.workspaceId, workspaceId));
    if ((left?.n ?? 0) > 0) throw new ApiError("conflict", "erase_workspace_changed");
    await t.delete(workspaces).where(eq(workspaces.id, workspaceId));
  });
  log.info(`erased workspace ${workspaceId}: ${JSON.stringify(result)}`);
  return result;
}

/** The workspace the owner acts in, deleted once they typed its name exactly (surrounding spaces aside). */
export async function deleteWorkspace(
  db: Db,
  providers: Providers,
  member: Member & { name: string },
  confirmName: string,
): Promise<WorkspaceErasure> {
  requireRole(member, "owner");
  if (confirmName.trim() !== member.name.trim())
    throw new ApiError("validation_failed", "workspace_name_mismatch");
  return eraseWorkspace(db, providers, member.workspaceId);
}
