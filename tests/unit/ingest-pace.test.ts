import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { agents, crawlPages, documents, passages, users } from "@/lib/db/schema";
import { upsertCrawlPage } from "@/lib/ingest/crawl-pages";
import { parseDocument } from "@/lib/ingest/parse";
import { ingest } from "@/lib/ingest/pipeline";
import { ingestQueue, sendIngest } from "@/lib/ingest/queue";
import { type JobSystem, startJobSystem } from "@/lib/jobs/boss";
import { PassageScopeError, replacePagesPassages, replacePassages } from "@/lib/retrieval/passages";
import { fileStore } from "@/lib/storage/store";
import { unitDatabase } from "../helpers/unit-db";

/**
 * Issue 42, item 4: learning is paced by the work, not by the queue. pg-boss used to wait out its
 * one-second poll after every job (three documents a second for one owner, however small), and every
 * small text started a parse child of its own (~0.2–0.5 s each).
 */
describe("the learning queue", () => {
  const db = unitDatabase();
  let jobs: JobSystem | undefined;
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
  });

  it("learns 20 queued documents of one owner within a few seconds, each taken as soon as a worker is free", async () => {
    const done = new Map<string, number>();
    const queue = {
      ...ingestQueue(3),
      onStart: undefined,
      handler: async (_database: unknown, data: unknown) => {
        await new Promise((r) => setTimeout(r, 20));
        done.set((data as { documentId: string }).documentId, Date.now());
      },
    };
    jobs = await startJobSystem(db(), { work: true, queues: [queue] });
    // Idle first: the workers have polled and found nothing, so only a wake-up (or the next poll) starts them.
    await new Promise((r) => setTimeout(r, 1_500));
    const ownerId = randomUUID();
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const started = Date.now();
    for (const [i, id] of ids.entries())
      await sendIngest(jobs.boss, { id, ownerId, type: i % 2 ? "md" : "text", size: 1_500 });
    const deadline = started + 10_000;
    while (done.size < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(done.size).toBe(ids.length);
    // At the old pace (two general workers for one owner and the small-text lane, one job a second each)
    // this took about 7 s.
    expect(Math.max(...done.values()) - started).toBeLessThan(3_000);
  }, 60_000);

  it("runs a job that failed again, as before (retries unchanged)", async () => {
    let attempts = 0;
    const queue = {
      ...ingestQueue(3),
      options: { ...ingestQueue(3).options, retryDelay: 1, retryBackoff: false },
      onStart: undefined,
      handler: async () => {
        attempts++;
        if (attempts === 1) throw new Error("passing failure");
      },
    };
    jobs = await startJobSystem(db(), { work: true, queues: [queue] });
    await sendIngest(jobs.boss, { id: randomUUID(), ownerId: randomUUID(), type: "text", size: 10 });
    const deadline = Date.now() + 15_000;
    while (attempts < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toBe(2);
  }, 60_000);
});

describe("small text parses", () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  it("reuse one child: ten snippets in a row take far less than ten child starts", async () => {
    await parseDocument({ bytes: enc("warm up"), name: "w.txt", type: "text" });
    const started = performance.now();
    for (let i = 0; i < 10; i++) {
      const r = await parseDocument({
        bytes: enc(`Giờ mở cửa ${i}: 7 giờ sáng.`),
        name: `s${i}.txt`,
        type: "text",
      });
      expect(r).toMatchObject({ ok: true, text: `Giờ mở cửa ${i}: 7 giờ sáng.` });
    }
    expect(performance.now() - started).toBeLessThan(1_500);
  }, 60_000);

  it("still end a parse past its time limit, and the next one gets a fresh child", async () => {
    const slow = await parseDocument({ bytes: enc("[".repeat(60_000)), name: "slow.md" }, { timeoutMs: 200 });
    expect(slow).toMatchObject({ ok: false, error: "parse_timeout" });
    const next = await parseDocument({ bytes: enc("Open 7 am to 6 pm."), name: "hours.txt", type: "text" });
    expect(next).toMatchObject({ ok: true, text: "Open 7 am to 6 pm." });
  }, 60_000);
});

describe("crawled pages written together", () => {
  const db = unitDatabase();

  async function site(name: string) {
    const d = db().db;
    const [user] = await d
      .insert(users)
      .values({ firstName: name, membershipId: `pace-${name}` })
      .returning();
    const [agent] = await d
      .insert(agents)
      .values({ ownerId: user!.id, publicId: `agent_pace${name}`, name })
      .returning();
    const [doc] = await d
      .insert(documents)
      .values({ agentId: agent!.id, type: "url", name: "site", size: 0, status: "processing" })
      .returning();
    const pages = [];
    for (const url of ["https://a.example/1", "https://a.example/2", "https://a.example/3"])
      pages.push(await upsertCrawlPage(d, { documentId: doc!.id, url, status: "completed", characters: 10 }));
    return { agentId: agent!.id, documentId: doc!.id, pageIds: pages.map((p) => p.id) };
  }
  const texts = (page: number) => [
    { heading: `Trang ${page}`, content: `Giờ mở cửa trang ${page}: 7 giờ sáng đến 9 giờ tối.` },
    { heading: null, content: `Page ${page} delivery is free within the city, code ${page * 17}.` },
    { heading: "nul", content: "\0" },
  ];
  const stored = async (agentId: string) => {
    const d = db().db;
    const rows = await d
      .select({
        page: crawlPages.url,
        ordinal: passages.ordinal,
        heading: passages.heading,
        content: passages.content,
      })
      .from(passages)
      .innerJoin(crawlPages, eq(crawlPages.id, passages.pageId))
      .where(eq(passages.agentId, agentId))
      .orderBy(crawlPages.url, passages.ordinal);
    const terms = await d.execute<{ term: string; df: number }>(
      sql`select term, df from passage_terms where agent_id = ${agentId} order by term`,
    );
    return { rows, terms: terms.rows };
  };

  it("store the same passages and term statistics as page by page, and replace them on a second crawl", async () => {
    const one = await site("one");
    for (const [i, pageId] of one.pageIds.entries())
      await replacePassages(db().db, {
        agentId: one.agentId,
        documentId: one.documentId,
        pageId,
        passages: texts(i),
      });
    const many = await site("many");
    const pages = many.pageIds.map((pageId, i) => ({ pageId, passages: texts(i) }));
    const written = await replacePagesPassages(db().db, {
      agentId: many.agentId,
      documentId: many.documentId,
      pages,
    });
    expect(written.count).toBe(6);
    const [a, b] = [await stored(one.agentId), await stored(many.agentId)];
    expect(b.rows).toEqual(a.rows);
    expect(b.terms).toEqual(a.terms);
    // Again (a re-crawl): replaced, not doubled.
    await replacePagesPassages(db().db, { agentId: many.agentId, documentId: many.documentId, pages });
    expect(await stored(many.agentId)).toEqual(b);
  });

  it("refuse a page of another document, writing nothing", async () => {
    const mine = await site("mine");
    const theirs = await site("theirs");
    await expect(
      replacePagesPassages(db().db, {
        agentId: mine.agentId,
        documentId: mine.documentId,
        pages: [
          { pageId: mine.pageIds[0]!, passages: texts(0) },
          { pageId: theirs.pageIds[0]!, passages: texts(1) },
        ],
      }),
    ).rejects.toThrow(PassageScopeError);
    expect((await stored(mine.agentId)).rows).toEqual([]);
  });
});

describe("a website learned through the pipeline", () => {
  const db = unitDatabase();
  const KEY = Symbol.for("agentcity.config");
  let server: Server;
  let origin = "";
  const PAGES = 45;
  beforeAll(async () => {
    process.env.CRAWLER_ALLOW_PRIVATE = "true";
    delete (globalThis as Record<symbol, unknown>)[KEY];
    server = createServer((req, res) => {
      const m = /^\/p\/(\d+)$/.exec(req.url ?? "");
      const i = req.url === "/" ? 0 : m ? Number(m[1]) : -1;
      if (i < 0 || i >= PAGES) return void res.writeHead(404).end();
      const links = Array.from({ length: 5 }, (_, k) => `<a href="/p/${(i * 5 + k + 1) % PAGES}">p</a>`).join(
        " ",
      );
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<html><head><title>Trang ${i}</title></head><body><main><h1>Trang ${i}</h1><p>Giờ mở cửa của chi nhánh số ${i}: từ 7 giờ sáng đến 9 giờ tối, mã ${i * 37}.</p>${links}</main></body></html>`,
        );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
    delete process.env.CRAWLER_ALLOW_PRIVATE;
    delete (globalThis as Record<symbol, unknown>)[KEY];
  });

  it("stores every page's passages (more pages than one write batch) and completes the document", async () => {
    const d = db().db;
    const [user] = await d.insert(users).values({ firstName: "Site", membershipId: "pace-site" }).returning();
    const [agent] = await d
      .insert(agents)
      .values({ ownerId: user!.id, publicId: "agent_pacesite1", name: "Site" })
      .returning();
    const [doc] = await d
      .insert(documents)
      .values({
        agentId: agent!.id,
        type: "url",
        name: "site",
        size: 0,
        status: "processing",
        sourceUrl: `${origin}/`,
      })
      .returning();
    await ingest(d, fileStore(), doc!);
    const [after] = await d.select().from(documents).where(eq(documents.id, doc!.id));
    expect(after).toMatchObject({ status: "completed" });
    const rows = await d
      .select({ url: crawlPages.url, content: passages.content })
      .from(passages)
      .innerJoin(crawlPages, eq(crawlPages.id, passages.pageId))
      .where(eq(passages.documentId, doc!.id));
    // The free plan crawls at most 50 pages: all 45, each with its own passage.
    expect(new Set(rows.map((r) => r.url)).size).toBe(PAGES);
    expect(rows.find((r) => r.url === `${origin}/p/44`)?.content).toContain("chi nhánh số 44");
    expect(after!.characters).toBeGreaterThan(0);
  }, 120_000);
});
