import "server-only";
import { and, eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { fileStore } from "@/lib/storage/store";
import { ingest } from "./pipeline";

const log = logger("ingest");

export const INGEST_QUEUE = "ingest.document";
/** Runs after the first; a document still failing on a passing error after these is marked failed. */
const RETRY_LIMIT = 3;

/** One queued job per document at most; a running one does not block a recovery run (see below). */
export async function sendIngest(boss: PgBoss, documentId: string): Promise<void> {
  await boss.send(INGEST_QUEUE, { documentId }, { singletonKey: documentId });
}

/**
 * Documents still "processing" when a worker starts were interrupted (a crash, a deploy): queue them
 * again. The pipeline is idempotent, so a job that also survived in pg-boss only finds the work done.
 */
async function resumeInterrupted(boss: PgBoss, db: Db): Promise<void> {
  const open = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.status, "processing")));
  for (const { id } of open) await sendIngest(boss, id);
  if (open.length > 0) log.info(`resumed ${open.length} interrupted document(s)`);
}

/** The learning queue, with `concurrency` (WORKER_CONCURRENCY) workers per process. */
export const ingestQueue = (concurrency: number): JobQueue => ({
  name: INGEST_QUEUE,
  // `short`: at most one waiting job per document; expiry hands a job lost with its process back.
  options: {
    policy: "short",
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 600,
  },
  work: { localConcurrency: concurrency, pollingIntervalSeconds: 1 },
  onStart: resumeInterrupted,
  handler: async (database, data, job) => {
    const id = (data as { documentId?: string } | undefined)?.documentId;
    if (!id) return;
    const [doc] = await database.db.select().from(documents).where(eq(documents.id, id)).limit(1);
    if (doc) await ingest(database.db, fileStore(), doc, { final: job.retryCount >= RETRY_LIMIT });
  },
});
