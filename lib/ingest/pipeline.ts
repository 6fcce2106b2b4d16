import "server-only";
import { eq } from "drizzle-orm";
import { plans } from "@/lib/billing/plan-limits";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { agents } from "@/lib/db/schema";
import { CrawlError, type CrawlPage, crawlMessage, crawlSite } from "@/lib/ingest/crawl";
import { ParsingStopped, parseDocument } from "@/lib/ingest/parse";
import { keepFirst } from "@/lib/ingest/parse/text";
import { agentUsage } from "@/lib/limits/agent-usage";
import { currentLimits } from "@/lib/limits/entitlement";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics/registry";
import { chunkInTurns } from "@/lib/retrieval/chunk";
import { configuredEmbedder } from "@/lib/retrieval/embedder";
import { type PassageInput, replacePagesPassages, replacePassages } from "@/lib/retrieval/passages";
import type { FileStore } from "@/lib/storage/store";
import { planReason } from "./agent-limits";
import { type CrawlPageInput, deletePagesNotIn, upsertCrawlPages } from "./crawl-pages";
import { pagePassages, pageRow } from "./crawl-passages";
import { type DocumentRow, markCompleted, markFailed } from "./documents";
import { recordCrawl } from "./recrawl-state";

const log = logger("ingest");

/**
 * Learns one document (AGENT-5): parse off the request thread, cut into passages, replace the document's
 * passages in one transaction. Safe to run twice (a retry, a restart mid-job, two workers): the second run
 * finds the document done or writes the very same passages.
 *
 * What is wrong with the document itself (a bad or missing file, a parse failure, the plan's refusal, a
 * site that cannot be crawled) fails it at once with its reason, whichever the attempt. Anything thrown
 * is passing (the database, a connection, the unforeseen): it is thrown on to the job queue, which runs
 * the job again, and only the `final` attempt gives up on the document.
 */
export async function ingest(
  db: Db,
  store: FileStore,
  doc: DocumentRow,
  attempt: { final: boolean } = { final: true },
): Promise<void> {
  if (doc.status !== "processing") return;
  try {
    if (doc.type === "url") await learnWebsite(db, doc);
    else await learnFile(db, store, doc);
  } catch (err) {
    if (err instanceof ParsingStopped) {
      // Shutting down: the document stays "processing", and the next server to start learns it.
      log.info(`document ${doc.id} left for the next start: ${err.message}`);
      throw err;
    }
    if (!attempt.final) {
      metrics().ingestionJobs.inc({ state: "retried" });
      log.warn(`document ${doc.id} will be tried again:`, err);
      throw err;
    }
    log.error(`document ${doc.id} failed unexpectedly:`, err);
    await markFailed(db, doc.id, "ingest_parse_failed", err instanceof Error ? err.message : String(err));
  }
}

/** The owner's plan and what it still lets this document add; a failure reason when it lets nothing. */
async function roomFor(db: Db, doc: DocumentRow) {
  const [agent] = await db.select({ ownerId: agents.ownerId }).from(agents).where(eq(agents.id, doc.agentId));
  const limits = agent ? await currentLimits(db, agent.ownerId) : plans.free;
  const usage = await agentUsage(db, doc.agentId, doc.id);
  const left = limits.charactersPerAgent - usage.characters;
  // Documents already over a lowered limit stay learned; only one that would be past it is refused.
  const refusal =
    usage.documents >= limits.documentsPerAgent
      ? planReason("limit_documents", limits, limits.documentsPerAgent)
      : left <= 0
        ? planReason("limit_characters", limits, limits.charactersPerAgent)
        : null;
  return { limits, left, refusal };
}

async function learnFile(db: Db, store: FileStore, doc: DocumentRow): Promise<void> {
  // The plan first: a document the agent has no room for is not even read.
  const { limits, left, refusal } = await roomFor(db, doc);
  if (refusal) {
    await markFailed(db, doc.id, refusal);
    return;
  }
  const bytes = doc.storageKey ? await store.get(doc.storageKey) : null;
  if (!bytes) {
    await markFailed(db, doc.id, "ingest_file_missing");
    return;
  }
  // Counted while parsing: the parse stops at whichever is smaller, the document's or the agent's room.
  const byAgent = left < limits.charactersPerDocument;
  const parsed = await parseDocument(
    { bytes, name: doc.name, type: doc.type === "url" ? undefined : doc.type },
    { maxBytes: limits.maxFileBytes, maxCharacters: byAgent ? left : limits.charactersPerDocument },
  );
  if (!parsed.ok) {
    await markFailed(db, doc.id, `ingest_${parsed.error}`, parsed.detail);
    return;
  }
  // Check and write under the agent's lock: two documents learned at once must not both take the last
  // of the agent's room. (One process; with separate workers the overshoot is at most one document.)
  await underAgentLock(doc.agentId, async () => {
    const now = await roomFor(db, doc);
    if (now.refusal) {
      await markFailed(db, doc.id, now.refusal);
      return;
    }
    let { sections, characters, truncated } = parsed;
    let cutByAgent = byAgent;
    if (characters > now.left) {
      sections = keepFirst(sections, now.left).sections;
      characters = [...sections.map((s) => (s.heading ? `${s.heading}\n${s.text}` : s.text)).join("\n\n")]
        .length;
      truncated = true;
      cutByAgent = true;
    }
    // In turns: the server keeps answering while a long document is cut (one of initials held it for 89 s).
    const passages = (await chunkInTurns(sections)).map((c) => ({
      heading: c.heading,
      content: c.content,
      language: parsed.language ?? null,
    }));
    if (passages.length === 0) {
      // Text was read, but another document took the agent's room while it was parsed: the plan's reason,
      // not "empty".
      const reason = cutByAgent
        ? planReason("limit_characters", now.limits, now.limits.charactersPerAgent)
        : "ingest_file_empty";
      await markFailed(db, doc.id, reason);
      return;
    }
    await replacePassages(db, {
      agentId: doc.agentId,
      documentId: doc.id,
      passages,
      embedder: configuredEmbedder(),
    });
    const note = !truncated
      ? null
      : cutByAgent
        ? planReason("ingest_truncated_agent", limits, limits.charactersPerAgent)
        : planReason("ingest_truncated", limits, limits.charactersPerDocument);
    await markCompleted(db, doc.id, characters, note);
  });
}

const agentLocks = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task of the same agent in this process has finished. */
async function underAgentLock<T>(agentId: string, task: () => Promise<T>): Promise<T> {
  const previous = agentLocks.get(agentId) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  agentLocks.set(agentId, run);
  try {
    return await run;
  } finally {
    if (agentLocks.get(agentId) === run) agentLocks.delete(agentId);
  }
}

/** Crawled pages written together: a batch stays within a few hundred passages (one short transaction). */
const FLUSH_PAGES = 20;
const FLUSH_PASSAGES = 300;

async function learnWebsite(db: Db, doc: DocumentRow): Promise<void> {
  const { limits, left, refusal } = await roomFor(db, doc);
  if (refusal) {
    await markFailed(db, doc.id, refusal);
    return;
  }
  const maxPages = limits.crawlPagesPerSite;
  const reached: string[] = [];
  let characters = 0;
  let cut = false;
  // Pages are written a few at a time, behind the crawl: each batch is one statement for the page rows
  // and one transaction for their passages (replacePagesPassages). Page by page, the crawl stored ~50
  // pages a second, each write waiting for the agent's vocabulary row. At most one batch is written while
  // the next fills; a failed write stops the crawl at the next page (and goes to the job queue as before).
  let waiting: { page: CrawlPageInput; passages: PassageInput[] | null }[] = [];
  let waitingPassages = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = async (all: typeof waiting) => {
    // Two addresses redirected to one page are one row, as when each page was written in turn: the last wins.
    const batch = [...new Map(all.map((w) => [w.page.url, w])).values()];
    const rows = await upsertCrawlPages(
      db,
      batch.map((w) => w.page),
    );
    const id = new Map(rows.map((r) => [r.url, r.id]));
    await replacePagesPassages(db, {
      agentId: doc.agentId,
      documentId: doc.id,
      pages: batch.flatMap((w) =>
        w.passages ? [{ pageId: id.get(w.page.url)!, passages: w.passages }] : [],
      ),
      embedder: configuredEmbedder(),
    });
  };
  /** Hands the waiting pages to the writer (taken at once: slots of the crawl call this concurrently). */
  const flush = async () => {
    const previous = writing;
    if (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      waitingPassages = 0;
      writing = previous.then(() => write(batch));
      // Seen by the next flush or the crawl's end if it fails; never an unhandled rejection meanwhile.
      writing.catch(() => {});
    }
    // At most one batch in the writer's hands while the next fills; a failed one throws here.
    await previous;
  };
  const onPage = async (page: CrawlPage) => {
    // Pages past the agent's characters are not learned; the document says so when the crawl ends.
    if (page.status === "completed" && characters + page.characters > left) {
      cut = true;
      return;
    }
    reached.push(page.url);
    const row = pageRow(doc.id, page);
    // Counted before the chunking's await: pages reported meanwhile see this one's characters.
    if (page.status === "completed" && page.sections) characters += page.characters;
    const passages = await pagePassages(page);
    waiting.push({ page: row, passages });
    waitingPassages += passages?.length ?? 0;
    if (waiting.length >= FLUSH_PAGES || waitingPassages >= FLUSH_PASSAGES) await flush();
  };
  const result = await crawlSite(doc.sourceUrl ?? "", {
    maxPages,
    allowPrivate: config().CRAWLER_ALLOW_PRIVATE,
    onPage,
  }).catch(async (err: unknown) => {
    // The site's fault; anything else (the database under onPage) is passing and goes to the job queue.
    if (!(err instanceof CrawlError)) throw err;
    await markFailed(db, doc.id, crawlMessage(err.key).key, String(err));
    return null;
  });
  // The last pages, and the write still running: a crawl that failed there has not stored its pages.
  await flush();
  await writing;
  if (!result) return;
  await deletePagesNotIn(db, doc.id, reached);
  if (result.completed === 0) {
    await markFailed(db, doc.id, "crawl_no_pages");
    return;
  }
  await markCompleted(
    db,
    doc.id,
    characters,
    cut ? planReason("ingest_truncated_agent", limits, limits.charactersPerAgent) : null,
  );
  await recordCrawl(db, doc, { changed: 0, added: result.completed, removed: 0, unchanged: 0 });
}
