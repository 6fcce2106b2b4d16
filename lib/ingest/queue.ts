import "server-only";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "@/lib/db/client";
import { agents, documents } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import type { DocumentType } from "@/lib/shared/document-kinds";
import { fileStore } from "@/lib/storage/store";
import { ingest } from "./pipeline";
import { learningLanes, learningPriority } from "./schedule";

const log = logger("ingest");

export const INGEST_QUEUE = "ingest.document";
/** Runs after the first; a document still failing on a passing error after these is marked failed. */
const RETRY_LIMIT = 3;

/** A document to learn: its size and type set its priority, its owner the group it is capped in. */
export type QueuedDocument = { id: string; type: DocumentType; size: number; ownerId: string };

/** One queued job per document at most; a running one does not block a recovery run (see below). */
export async function sendIngest(boss: PgBoss, doc: QueuedDocument): Promise<void> {
  await boss.send(
    INGEST_QUEUE,
    { documentId: doc.id },
    { singletonKey: doc.id, priority: learningPriority(doc), group: { id: doc.ownerId } },
  );
}

/**
 * Documents still "processing" when a worker starts were interrupted (a crash, a deploy): queue them
 * again. The pipeline is idempotent, so a job that also survived in pg-boss only finds the work done.
 */
async function resumeInterrupted(boss: PgBoss, db: Db): Promise<void> {
  const open = await db
    .select({ id: documents.id, type: documents.type, size: documents.size, ownerId: agents.ownerId })
    .from(documents)
    .innerJoin(agents, eq(agents.id, documents.agentId))
    .where(eq(documents.status, "processing"));
  for (const doc of open) await sendIngest(boss, doc);
  if (open.length > 0) log.info(`resumed ${open.length} interrupted document(s)`);
}

/** The learning queue, with `concurrency` (WORKER_CONCURRENCY) workers per process and the lanes of schedule.ts. */
export const ingestQueue = (concurrency: number): JobQueue => ({
  name: INGEST_QUEUE,
  // `short`: at most one waiting job per document; expiry hands a job lost with its process back.
  options: {
    policy: "short",
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 600,
    // A new document wakes the workers at once (lib/jobs/boss.ts listens) rather than on the next poll.
    notify: true,
  },
  work: learningLanes(concurrency),
  onStart: resumeInterrupted,
  handler: async (database, data, job) => {
    const id = (data as { documentId?: string } | undefined)?.documentId;
    if (!id) return;
    const [doc] = await database.db.select().from(documents).where(eq(documents.id, id)).limit(1);
    if (doc) await ingest(database.db, fileStore(), doc, { final: job.retryCount >= RETRY_LIMIT });
  },
});
