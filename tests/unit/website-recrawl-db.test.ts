import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, passages } from "@/lib/db/schema";
import { recrawlWebsite } from "@/lib/ingest/recrawl";
import { recrawlDueQueue } from "@/lib/ingest/recrawl-queue";
import { defaultRecrawl, nextCrawlAt, recrawlAllowed } from "@/lib/ingest/recrawl-schedule";
import { dueWebsites, recordCrawl } from "@/lib/ingest/recrawl-state";
import { replacePagesPassages } from "@/lib/retrieval/passages";
import { type LocalSite, serveSite } from "../helpers/local-site";
import { backendDatabase, backends, seedAgent, seedPage } from "../helpers/retrieval-db";

// The local site is on loopback.
process.env.CRAWLER_ALLOW_PRIVATE = "true";

/**
 * Issue 44 on both databases: which websites the schedule picks, when it crawls them next, a re-crawl's
 * outcome against a local site (304s, changed, added, removed, a failing site), and that a page's swap is
 * seen whole by a concurrent reader.
 */
const HOUR = 3_600_000;

describe("the re-crawl schedule", () => {
  it("computes the next crawl from the last one, never in the past, none for manual", () => {
    const now = new Date("2026-11-29T09:00:00Z");
    expect(nextCrawlAt("manual", now, now)).toBeNull();
    expect(nextCrawlAt("daily", new Date(now.getTime() - HOUR), now)!.getTime()).toBe(
      now.getTime() + 23 * HOUR,
    );
    expect(nextCrawlAt("weekly", null, now)!.getTime()).toBe(now.getTime() + 168 * HOUR);
    expect(nextCrawlAt("daily", new Date(now.getTime() - 72 * HOUR), now)).toEqual(now);
    expect(recrawlAllowed("daily", "free")).toBe(false);
    expect(recrawlAllowed("weekly", "free")).toBe(true);
    expect(recrawlAllowed("daily", "starter")).toBe(true);
    expect(defaultRecrawl("free")).toBe("manual");
    expect(defaultRecrawl("beginner")).toBe("weekly");
    expect(defaultRecrawl("business")).toBe("weekly");
  });
});

const pages = new Map<string, string | number>();
let failing = false;
const served: string[] = [];
let site: LocalSite;
beforeAll(async () => {
  site = await serveSite((req, res, url) => {
    if (url.pathname === "/robots.txt") return false;
    if (failing) return void res.writeHead(503).end("down");
    const body = pages.get(url.pathname);
    if (body === undefined) return false;
    if (typeof body === "number") return void res.writeHead(body).end("gone");
    const etag = `"${createHash("sha1").update(body).digest("hex")}"`;
    if (req.headers["if-none-match"] === etag) {
      served.push(`304 ${url.pathname}`);
      return void res.writeHead(304, { etag }).end();
    }
    served.push(`200 ${url.pathname}`);
    res.writeHead(200, { "content-type": "text/html", etag }).end(body);
  });
});
afterAll(() => site?.close());

const html = (title: string, text: string, links: string[] = []) =>
  `<html><head><title>${title}</title></head><body><p>${text}</p>${links.map((l) => `<a href="${l}">x</a>`).join("")}</body></html>`;

for (const backend of backends) {
  describe(`website re-crawl (${backend})`, () => {
    const database = backendDatabase(backend);

    async function website(values: Partial<typeof documents.$inferInsert> = {}) {
      const agentId = await seedAgent(database().db);
      const [doc] = await database()
        .db.insert(documents)
        .values({
          agentId,
          type: "url",
          name: "site",
          status: "completed",
          sourceUrl: `${site.origin}/`,
          contentHash: crypto.randomUUID(),
          ...values,
        })
        .returning();
      return doc!;
    }

    it("picks only learned, scheduled, due websites that are not being crawled", async () => {
      const now = new Date();
      const past = new Date(now.getTime() - HOUR);
      const due = await website({ recrawl: "weekly", nextCrawlAt: past });
      const stale = await website({
        recrawl: "daily",
        nextCrawlAt: past,
        crawlStartedAt: new Date(now.getTime() - 2 * HOUR),
      });
      const running = await website({ recrawl: "daily", nextCrawlAt: past, crawlStartedAt: now });
      const manual = await website({ recrawl: "manual", nextCrawlAt: past });
      const later = await website({ recrawl: "weekly", nextCrawlAt: new Date(now.getTime() + HOUR) });
      const failed = await website({ recrawl: "weekly", nextCrawlAt: past, status: "failed" });
      const file = await website({ recrawl: "weekly", nextCrawlAt: past, type: "pdf" });
      const picked = await dueWebsites(database().db, now);
      expect(picked).toContain(due.id);
      expect(picked).toContain(stale.id);
      for (const d of [running, manual, later, failed, file]) expect(picked).not.toContain(d.id);
    });

    it("the 15-minute pass queues each due website", async () => {
      const sent: string[] = [];
      const queue = recrawlDueQueue(async (_boss, id) => {
        sent.push(id);
      });
      expect(queue.cron).toBe("*/15 * * * *");
      await queue.onStart!({} as Parameters<NonNullable<typeof queue.onStart>>[0], database().db);
      const due = await website({ recrawl: "daily", nextCrawlAt: new Date(Date.now() - 1000) });
      const manual = await website({ recrawl: "manual", nextCrawlAt: new Date(Date.now() - 1000) });
      await queue.handler(database(), undefined, { retryCount: 0 });
      expect(sent).toContain(due.id);
      expect(sent).not.toContain(manual.id);
    });

    it("records a crawl with the next one from the schedule as it is then", async () => {
      const doc = await website({ recrawl: "daily" });
      const now = new Date("2026-11-29T09:00:00Z");
      await recordCrawl(database().db, doc, { changed: 1, added: 0, removed: 0, unchanged: 3 }, now);
      let [row] = await database().db.select().from(documents).where(eq(documents.id, doc.id));
      expect(row!.lastCrawledAt!.toISOString()).toBe(now.toISOString());
      expect(row!.nextCrawlAt!.toISOString()).toBe("2026-11-30T09:00:00.000Z");
      expect(row!.lastCrawl).toMatchObject({ changed: 1, unchanged: 3 });
      await database().db.update(documents).set({ recrawl: "manual" }).where(eq(documents.id, doc.id));
      await recordCrawl(database().db, doc, { changed: 0, added: 0, removed: 0, unchanged: 4 }, now);
      [row] = await database().db.select().from(documents).where(eq(documents.id, doc.id));
      expect(row!.nextCrawlAt).toBeNull();
    });

    it("crawls again: 304s untouched, changes swapped, new pages in, gone pages out, a failure keeps all", async () => {
      pages.clear();
      pages.set("/", html("Home", "Welcome to the kite shop.", ["/a", "/b"]));
      pages.set("/a", html("A", "Red kites cost nine dollars."));
      pages.set("/b", html("B", "Blue kites fly in strong wind."));
      const doc = await website({ recrawl: "weekly" });
      const db = database().db;
      const texts = async () =>
        (await db.select({ c: passages.content }).from(passages).where(eq(passages.documentId, doc.id)))
          .map((r) => r.c)
          .join(" | ");

      expect(await recrawlWebsite(db, doc.id)).toEqual({
        changed: 0,
        added: 3,
        removed: 0,
        unchanged: 0,
        error: null,
      });
      expect(await texts()).toContain("nine dollars");

      pages.set("/a", html("A", "Red kites cost eleven dollars."));
      pages.set("/", html("Home", "Welcome to the kite shop.", ["/a", "/c"]));
      pages.set("/b", 410);
      pages.set("/c", html("C", "Green kites are sold out."));
      served.length = 0;
      expect(await recrawlWebsite(db, doc.id)).toEqual({
        // The home page's text is the same (only a link moved): untouched, but its links are the new ones.
        changed: 1,
        added: 1,
        removed: 1,
        unchanged: 1,
        error: null,
      });
      const now = await texts();
      expect(now).toContain("eleven dollars");
      expect(now).not.toContain("nine dollars");
      expect(now).not.toContain("Blue kites");
      expect(now).toContain("Green kites");

      served.length = 0;
      expect(await recrawlWebsite(db, doc.id)).toMatchObject({
        changed: 0,
        added: 0,
        removed: 0,
        unchanged: 3,
      });
      expect(served.filter((s) => s.startsWith("200"))).toEqual([]);

      failing = true;
      try {
        const failed = await recrawlWebsite(db, doc.id);
        expect(failed?.error).toBe("crawl_http_503");
      } finally {
        failing = false;
      }
      expect(await texts()).toBe(now);
      const [row] = await db.select().from(documents).where(eq(documents.id, doc.id));
      expect(row!.crawlStartedAt).toBeNull();
      expect(row!.status).toBe("completed");
    }, 60_000);

    it("a concurrent reader sees a page's old passages or its new ones, never none or a mix", async () => {
      const db = database().db;
      const doc = await website();
      const pageId = await seedPage(db, doc.id, `${site.origin}/big`);
      const old = Array.from({ length: 120 }, (_, i) => ({ heading: "Old", content: `old passage ${i}` }));
      const fresh = Array.from({ length: 400 }, (_, i) => ({ heading: "New", content: `new passage ${i}` }));
      await replacePagesPassages(db, {
        agentId: doc.agentId,
        documentId: doc.id,
        pages: [{ pageId, passages: old }],
      });
      const seen = new Set<string>();
      let done = false;
      const swap = replacePagesPassages(db, {
        agentId: doc.agentId,
        documentId: doc.id,
        pages: [{ pageId, passages: fresh }],
      }).finally(() => {
        done = true;
      });
      let reads = 0;
      while (!done || reads < 3) {
        const rows = await db.execute<{ old: number; new: number }>(
          sql`select count(*) filter (where content like 'old%')::int as old,
                     count(*) filter (where content like 'new%')::int as new
              from passages where page_id = ${pageId}`,
        );
        const r =
          (rows as unknown as { rows?: { old: number; new: number }[] }).rows?.[0] ??
          (rows as unknown as { old: number; new: number }[])[0]!;
        seen.add(`${Number(r.old)}/${Number(r.new)}`);
        reads++;
        if (done && reads >= 3) break;
      }
      await swap;
      for (const s of seen) expect(["120/0", "0/400"]).toContain(s);
      expect(seen.has("0/400")).toBe(true);
    });
  });
}
