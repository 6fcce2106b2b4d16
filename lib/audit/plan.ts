import "server-only";
import type { Db } from "@/lib/db/client";
import { recordAudit } from "./events";
import { ownedWorkspace, subscribedPlan } from "./queries";

/**
 * Called by billing where a subscription's state is written (lib/billing/subscriptions.ts saveState), before
 * the write: records "plan.changed" in the owner's workspace when the plan differs from the row's (a first
 * purchase is a change from free). The system may be the one acting (a renewal applying a scheduled
 * downgrade), so the actor is the subscription's owner only as whose plan it is: no address is known here.
 */
export async function recordPlanChange(db: Db, ownerId: string, nextPlan: string): Promise<void> {
  const before = (await subscribedPlan(db, ownerId)) ?? "free";
  if (before === nextPlan) return;
  const workspaceId = await ownedWorkspace(db, ownerId);
  if (!workspaceId) return;
  await recordAudit(db, {
    workspaceId,
    actorId: ownerId,
    ip: null,
    action: "plan.changed",
    target: { kind: "plan", id: nextPlan, label: nextPlan },
    detail: { from: before, to: nextPlan },
  });
}
