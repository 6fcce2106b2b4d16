import type { PlanId } from "@/lib/billing/plan-limits";
import type { RecrawlSchedule } from "@/lib/shared/document-kinds";

/**
 * When a website is crawled again (issue 44). Paid plans keep their sites fresh weekly unless the owner
 * says otherwise; Free starts on manual (a crawl costs the service, and a Free owner has not asked for it)
 * but may choose weekly, which is what an owner of a small site expects to be able to do. Daily is a paid
 * plan's: a Free owner asking for it is told so, with where to upgrade.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const RECRAWL_INTERVAL_MS: Record<Exclude<RecrawlSchedule, "manual">, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};

/** A crawl marked running for longer than this was lost with its worker: it no longer blocks another. */
export const STALE_CRAWL_MS = 30 * 60 * 1000;

export function defaultRecrawl(plan: PlanId): RecrawlSchedule {
  return plan === "free" ? "manual" : "weekly";
}

export function recrawlAllowed(schedule: RecrawlSchedule, plan: PlanId): boolean {
  return schedule !== "daily" || plan !== "free";
}

/**
 * The next scheduled crawl: one interval after the last crawl (or `now` when there was none); a schedule
 * chosen long after the last crawl is due at once, not in the past. Null for manual.
 */
export function nextCrawlAt(schedule: RecrawlSchedule, lastCrawledAt: Date | null, now: Date): Date | null {
  if (schedule === "manual") return null;
  const from = lastCrawledAt ?? now;
  const next = new Date(from.getTime() + RECRAWL_INTERVAL_MS[schedule]);
  return next < now ? now : next;
}
