import "server-only";
import { seatsByPlan } from "@/lib/billing/plan-limits";
import { planName } from "@/lib/billing/plans";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { firstOwner } from "./queries";

/**
 * The seats of a workspace's plan (null: no limit). Until billing moves to the workspace, its plan is its
 * first owner's subscription.
 */
export async function seatsOf(db: Db, workspaceId: string) {
  const owner = await firstOwner(db, workspaceId);
  const limits = owner ? await currentLimits(db, owner) : null;
  const plan = limits?.plan ?? "free";
  return { plan, seats: seatsByPlan[plan] };
}

/** A translated refusal naming the plan when `taken` seats (members and pending invitations) fill it. */
export async function requireFreeSeat(db: Db, workspaceId: string, taken: number, locale: Locale) {
  const { plan, seats } = await seatsOf(db, workspaceId);
  if (seats !== null && taken >= seats) {
    throw new ApiError("forbidden", "limit_seats", { plan: planName(plan, locale), limit: seats });
  }
}
