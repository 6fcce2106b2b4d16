import type { WorkLane } from "@/lib/jobs/workers";
import type { DocumentType } from "@/lib/shared/document-kinds";
import { isSmallText } from "./parse/lane";

/**
 * Who learns what next (issue 40): one owner's files must not hold up everyone else's. Three rules,
 * each cheap for pg-boss to follow:
 * - priority by size: a small text document before any other file, a file before a website (a crawl
 *   takes longest); pg-boss fetches the highest priority first, then the oldest;
 * - a cap per owner: one owner's documents take at most all but one of the process's workers, so
 *   another owner's document starts as soon as it is fetched, not when the first owner's are done;
 * - a lane for small text documents: one more worker takes only those, so a snippet starts at once even
 *   while every other worker is busy (several owners with long files).
 * The parser keeps the order (parse/index.ts): smallest waiting file first, small text in a slot of its own.
 */
export const PRIORITY = { smallText: 2, file: 1, website: 0 } as const;

export function learningPriority(doc: { type: DocumentType; size: number }): number {
  if (doc.type === "url") return PRIORITY.website;
  return isSmallText(doc.type, doc.size) ? PRIORITY.smallText : PRIORITY.file;
}

/** Documents of one owner learned at once in a process of `concurrency` workers; one is always left. */
export const perOwnerLimit = (concurrency: number): number => Math.max(1, concurrency - 1);

/**
 * The ingestion queue's workers: `concurrency` (WORKER_CONCURRENCY) for everything, the owner's cap
 * counted among them per process (separate worker processes each keep their own count); and one more for
 * small text only, of any owner. That one has no cap (pg-boss keeps one group limit per queue, and a
 * one-worker lane cannot take a limit above one): an owner's small texts pass through quickly, and the
 * parser takes the smallest waiting first.
 */
export function learningLanes(concurrency: number): WorkLane[] {
  // Woken by a NOTIFY when a document is queued, and at once by itself when it finishes one
  // (lib/jobs/workers.ts). Still polled every second, with or without the listener: a retry coming due
  // (retryDelay) sends no NOTIFY, and must be seen as soon as before.
  const poll = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };
  return [
    { localConcurrency: concurrency, localGroupConcurrency: perOwnerLimit(concurrency), ...poll },
    { localConcurrency: 1, minPriority: PRIORITY.smallText, ...poll },
  ];
}
