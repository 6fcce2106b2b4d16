import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentListItem } from "@/lib/contracts/training";
import { ownerApi, trainedAgent, Visitor } from "../helpers/chat";
import { type LocalSite, serveSite } from "../helpers/local-site";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/**
 * Issue 44, websites kept fresh, over HTTP: a local site that answers with ETags and Last-Modified is
 * learned, changed (one page edited, one removed, one added), crawled again with "Crawl now", and then
 * made to fail. The agent answers from the new text and never from the old; unchanged pages answer 304;
 * a failing site keeps its answers and says why.
 */
type Doc = DocumentListItem;

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(" ")}</main></body></html>`;

/** The site's pages by path; a number is the status it answers with. */
const pages = new Map<string, string | number>();
let failing = false;
const full = new Map<string, number>();
const notModified = new Map<string, number>();
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const LAST_MODIFIED = "Tue, 01 Sep 2026 10:00:00 GMT";

let site: LocalSite;
beforeAll(async () => {
  site = await serveSite((req, res, url) => {
    // robots.txt still answers: a 5xx there reads as "disallow all", a reason of its own.
    if (url.pathname === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    if (failing) {
      res.writeHead(503, { "content-type": "text/plain" }).end("down for maintenance");
      return;
    }
    const body = pages.get(url.pathname);
    if (body === undefined) return false;
    if (typeof body === "number") {
      res.writeHead(body, { "content-type": "text/plain" }).end("gone");
      return;
    }
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
    if (req.headers["if-none-match"] === etag) {
      bump(notModified, url.pathname);
      res.writeHead(304, { etag }).end();
      return;
    }
    bump(full, url.pathname);
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8", etag, "last-modified": LAST_MODIFIED })
      .end(body);
  });
  pages.set(
    "/",
    page("Bánh Mì Sunrise", "Welcome to the Sunrise bakery in Hanoi.", ["/prices", "/hours", "/loyalty"]),
  );
  pages.set("/prices", page("Prices", "The almond croissant costs 25000 dong each."));
  pages.set("/hours", page("Opening hours", "The shop opens at seven in the morning every weekday."));
  pages.set("/loyalty", page("Loyalty", "The platinum pelican card gives a discount on cakes."));
});
afterAll(() => site?.close());

async function listed(token: string, lang = "en"): Promise<Doc> {
  const res = await ownerApi<{ data: Doc[] }>(token, "GET", "/api/v1/agent/documents", undefined, lang);
  expect(res.status).toBe(200);
  return res.body.data.find((d) => d.type === "url")!;
}

/** Waits for the website's crawl that ends after `after` (the list's last_crawled_at moves past it). */
async function crawledAfter(token: string, after: string | null): Promise<Doc> {
  let doc: Doc | undefined;
  await expect
    .poll(
      async () => {
        doc = await listed(token);
        return doc.status === "completed" && !doc.crawling && doc.last_crawled_at !== after;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return doc!;
}

const passagesWith = async (docId: string, words: string) =>
  Number(
    (
      await sql<{ n: number }>(
        "select count(*)::int as n from passages where document_id = $1 and content like $2",
        [docId, `%${words}%`],
      )
    )[0]!.n,
  );

/** "Crawl now" may be asked once per few minutes: the test moves the last request back instead of waiting. */
const forgetLastRequest = (docId: string) =>
  sql("update documents set crawl_requested_at = now() - interval '1 hour' where id = $1", [docId]);

describe("websites kept fresh", () => {
  let access: string;
  let agentId: string;
  let doc: Doc;
  let textId: string;
  const visitor = new Visitor();

  // The tests run in order, each on what the one before left (expect.poll works only inside a test).
  it("learns the site with its schedule: manual on Free, crawled once, nothing next", async () => {
    // The built-in mode quotes the documents word for word: what it answers is what was learned.
    const trained = await trainedAgent({
      model: "builtin",
      texts: [{ title: "Note", content: "We bake every morning." }],
    });
    access = trained.access;
    agentId = trained.agentId;
    textId = trained.documentIds[0]!;
    const added = await ownerApi<{ data: { accepted: Doc[] } }>(access, "POST", "/api/v1/agent/document", {
      type: "url",
      url: `${site.origin}/`,
    });
    expect(added.status).toBe(200);
    doc = await crawledAfter(access, null);
    expect(doc.pages).toBe(4);
    expect(doc.recrawl).toBe("manual");
    expect(doc.last_crawled_at).not.toBeNull();
    expect(doc.next_crawl_at).toBeNull();
    expect(doc.last_crawl).toMatchObject({ added: 4, changed: 0, removed: 0, error: null });
    const stored = await sql<{ etag: string | null; last_modified: string | null }>(
      "select etag, last_modified from crawl_pages where document_id = $1 and url like '%/hours'",
      [doc.id],
    );
    expect(stored[0]!.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(stored[0]!.last_modified).toBe(LAST_MODIFIED);
    const answer = await visitor.ask(agentId, "How much is the almond croissant?");
    expect(answer.body.data!.message.content).toContain("25000");
  }, 120_000);

  it("crawls again on demand: the changed page is replaced, the removed one is gone, the new one is in", async () => {
    pages.set("/prices", page("Prices", "The almond croissant costs 31000 dong each."));
    pages.set("/loyalty", 404);
    pages.set(
      "/",
      page("Bánh Mì Sunrise", "Welcome to the Sunrise bakery in Hanoi.", ["/prices", "/hours", "/delivery"]),
    );
    pages.set("/delivery", page("Delivery", "Delivery by scooter is free within the old quarter."));
    const hoursFull = full.get("/hours");
    await forgetLastRequest(doc.id);
    const asked = await ownerApi<{ data: Doc }>(access, "POST", `/api/v1/agent/document/${doc.id}/recrawl`);
    expect(asked.status).toBe(200);
    expect(asked.body.data.id).toBe(doc.id);
    const after = await crawledAfter(access, doc.last_crawled_at);
    expect(after.last_crawl).toEqual({ changed: 2, added: 1, removed: 1, unchanged: 1, error: null });
    expect(after.pages).toBe(4);

    // The unchanged page answered 304 to its stored ETag and was not read in full again.
    expect(notModified.get("/hours")).toBeGreaterThanOrEqual(1);
    expect(full.get("/hours")).toBe(hoursFull);

    expect(await passagesWith(doc.id, "31000")).toBeGreaterThan(0);
    expect(await passagesWith(doc.id, "25000")).toBe(0);
    expect(await passagesWith(doc.id, "platinum pelican")).toBe(0);
    expect(await passagesWith(doc.id, "scooter")).toBeGreaterThan(0);
    expect(await passagesWith(doc.id, "seven in the morning")).toBe(1);

    const answer = await visitor.ask(agentId, "How much is the almond croissant?");
    expect(answer.body.data!.message.content).toContain("31000");
    expect(answer.body.data!.message.content).not.toContain("25000");
    const gone = await visitor.ask(agentId, "What does the platinum pelican card give?");
    expect(gone.body.data!.message.content).not.toMatch(/platinum pelican card gives/i);
    doc = after;
  }, 120_000);

  it("refuses a second crawl right after the first, translated", async () => {
    const again = await ownerApi(access, "POST", `/api/v1/agent/document/${doc.id}/recrawl`, undefined, "vi");
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(again.body.error!.detail).toMatch(/Vui lòng đợi \d+ giây/);
  });

  it("keeps the last good answers when the site fails, and says why", async () => {
    failing = true;
    try {
      await forgetLastRequest(doc.id);
      const asked = await ownerApi(access, "POST", `/api/v1/agent/document/${doc.id}/recrawl`);
      expect(asked.status).toBe(200);
      const after = await crawledAfter(access, doc.last_crawled_at);
      expect(after.status).toBe("completed");
      expect(after.last_crawl!.error).toMatch(/503|unavailable|not available/i);
      expect(after.pages).toBe(4);
      const vi = await listed(access, "vi");
      expect(vi.last_crawl!.error).toMatch(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựđ]/i);
      expect(await passagesWith(doc.id, "31000")).toBeGreaterThan(0);
      const answer = await visitor.ask(agentId, "How much is the almond croissant?");
      expect(answer.body.data!.message.content).toContain("31000");
    } finally {
      failing = false;
    }
  }, 120_000);

  it("sets the schedule: weekly next week from the last crawl, daily refused on Free, manual clears it", async () => {
    const weekly = await ownerApi<{ data: Doc }>(access, "PATCH", `/api/v1/agent/document/${doc.id}`, {
      recrawl: "weekly",
    });
    expect(weekly.status).toBe(200);
    expect(weekly.body.data.recrawl).toBe("weekly");
    const last = Date.parse(weekly.body.data.last_crawled_at!);
    const next = Date.parse(weekly.body.data.next_crawl_at!);
    expect(Math.abs(next - last - 7 * 86_400_000)).toBeLessThan(2_000);

    const daily = await ownerApi(
      access,
      "PATCH",
      `/api/v1/agent/document/${doc.id}`,
      { recrawl: "daily" },
      "vi",
    );
    expect(daily.status).toBe(403);
    expect(daily.body.error!.detail).toContain("gói trả phí");
    expect((await listed(access)).recrawl).toBe("weekly");

    const manual = await ownerApi<{ data: Doc }>(access, "PATCH", `/api/v1/agent/document/${doc.id}`, {
      recrawl: "manual",
    });
    expect(manual.body.data.next_crawl_at).toBeNull();
  });

  it("refuses bad and hostile input without a 5xx", async () => {
    const bad = await ownerApi(access, "PATCH", `/api/v1/agent/document/${doc.id}`, { recrawl: "hourly" });
    expect(bad.status).toBe(422);
    const empty = await ownerApi(access, "PATCH", `/api/v1/agent/document/${doc.id}`, {});
    expect(empty.status).toBe(422);
    const injected = await ownerApi(access, "PATCH", `/api/v1/agent/document/${doc.id}`, {
      recrawl: "weekly'; drop table documents; --",
    });
    expect(injected.status).toBe(422);

    const onText = await ownerApi(
      access,
      "PATCH",
      `/api/v1/agent/document/${textId}`,
      { recrawl: "weekly" },
      "vi",
    );
    expect(onText.status).toBe(422);
    expect(onText.body.error!.detail).toContain("Chỉ website");
    const crawlText = await ownerApi(access, "POST", `/api/v1/agent/document/${textId}/recrawl`);
    expect(crawlText.status).toBe(422);

    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      expect(
        (await ownerApi(access, "PATCH", `/api/v1/agent/document/${id}`, { recrawl: "weekly" })).status,
      ).toBe(404);
      expect((await ownerApi(access, "POST", `/api/v1/agent/document/${id}/recrawl`)).status).toBe(404);
    }

    // Another owner's website is not found, whether to schedule or to crawl.
    const { access: stranger } = await signInWithOidc();
    const created = await ownerApi(stranger, "POST", "/api/v1/agent", { name: "Other", kind: "business" });
    expect(created.status).toBe(201);
    expect(
      (await ownerApi(stranger, "PATCH", `/api/v1/agent/document/${doc.id}`, { recrawl: "weekly" })).status,
    ).toBe(404);
    expect((await ownerApi(stranger, "POST", `/api/v1/agent/document/${doc.id}/recrawl`)).status).toBe(404);
    expect((await listed(access)).recrawl).toBe("manual");
  });
});
