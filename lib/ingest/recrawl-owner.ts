import "server-only";
import type { PlanLimits } from "@/lib/billing/plan-limits";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { RecrawlSchedule } from "@/lib/shared/document-kinds";
import { type DocumentRow, documentOf, markProcessing } from "./documents";
import { recrawlAllowed } from "./recrawl-schedule";
import { requestCrawlNow, setRecrawl } from "./recrawl-state";

/** The owner's website, or the refusal the API answers with (a foreign id is simply not found). */
async function websiteOf(db: Db, agentId: string, id: string): Promise<DocumentRow> {
  const doc = await documentOf(db, agentId, id);
  if (!doc) throw new ApiError("not_found", "document_not_found");
  if (doc.type !== "url") {
    throw new ApiError("validation_failed", "recrawl_not_website");
  }
  return doc;
}

/** PATCH {recrawl}: daily is a paid plan's (the refusal names the plan and where to upgrade). */
export async function changeRecrawl(
  db: Db,
  agentId: string,
  id: string,
  schedule: RecrawlSchedule,
  limits: PlanLimits,
): Promise<DocumentRow> {
  const doc = await websiteOf(db, agentId, id);
  if (!recrawlAllowed(schedule, limits.plan)) throw new ApiError("forbidden", "recrawl_daily_paid");
  return setRecrawl(db, doc, schedule);
}

/**
 * "Crawl now". A learned website is crawled again in the background, keeping its answers meanwhile; a
 * website whose first crawl failed is learned from scratch, as Retry does. `queue` sends the job.
 */
export async function crawlNow(
  db: Db,
  agentId: string,
  id: string,
  minIntervalSeconds: number,
  queue: { recrawl: (id: string) => Promise<void>; learn: (doc: DocumentRow) => Promise<void> },
): Promise<DocumentRow> {
  const doc = await websiteOf(db, agentId, id);
  if (doc.status === "processing") throw new ApiError("conflict", "document_busy");
  const taken = await requestCrawlNow(db, doc, minIntervalSeconds);
  if ("refused" in taken) {
    if (taken.refused === "running") throw new ApiError("conflict", "recrawl_running");
    throw new ApiError("rate_limited", "recrawl_too_soon", { seconds: taken.retryAfter }, undefined, {
      "Retry-After": String(taken.retryAfter),
    });
  }
  if (taken.status === "failed") {
    const row = (await markProcessing(db, doc.id)) ?? taken;
    await queue.learn(row);
    return row;
  }
  await queue.recrawl(doc.id);
  return taken;
}
