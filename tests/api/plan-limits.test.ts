import { describe, expect, it } from "vitest";
import type { AddResult, DocumentListItem } from "@/lib/contracts/training";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { bearerCall } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/**
 * BILL-7 over real HTTP: the plan's documents and characters per agent hold at upload (what is known
 * then) and at ingestion (what is learned), each refusal naming the plan and its limit in the owner's
 * language with the way to upgrade; an owner already past a limit (a downgrade) keeps everything learned.
 * Documents an owner "already had" are seeded through the test database so the test does not learn 100
 * files; the refusals and the learning under test go through the API.
 */
type Doc = DocumentListItem;
type Added = AddResult;

const call = <T>(token: string, method: string, path: string, body?: unknown, lang = "en") =>
  bearerCall<{ data: T }>(token, method, path, body, lang);

const files = (...items: [string, string][]) => {
  const form = new FormData();
  for (const [name, content] of items) form.append("files", new Blob([content]), name);
  return form;
};

/** A signed-in owner with an agent, and the agent's database id for seeding. */
async function owner() {
  const { access } = await signInWithOidc();
  const created = await call<{ id: string }>(access, "POST", "/api/v1/agent", {
    name: "Limits",
    kind: "business",
  });
  expect(created.status).toBe(201);
  const [row] = await sql<{ id: string }>("select id from agents where public_id = $1", [
    created.body.data.id,
  ]);
  return { token: access, agentId: row!.id };
}

/** Documents as if learned earlier: `n` completed rows of `characters` each (or another status). */
async function seed(agentId: string, n: number, characters: number, status = "completed") {
  await sql(
    `insert into documents (agent_id, type, name, size, content_hash, status, characters)
     select $1::uuid, 'text', 'earlier ' || g, 10, 'seed-' || $1::text || '-' || $4::text || '-' || g, $4::text, $3::int
     from generate_series(1, $2::int) g`,
    [agentId, n, characters, status],
  );
}

async function all(token: string, lang = "en"): Promise<Doc[]> {
  const out: Doc[] = [];
  for (let page = 1; ; page++) {
    const res = await call<Doc[]>(token, "GET", `/api/v1/agent/documents?page=${page}`, undefined, lang);
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    const meta = (res.body as unknown as { meta: { total_pages: number } }).meta;
    if (page >= meta.total_pages) return out;
  }
}

async function settled(token: string): Promise<Doc[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const docs = await all(token);
    if (docs.every((d) => d.status !== "processing")) return docs;
    if (Date.now() > deadline) throw new Error("still processing");
    await new Promise((r) => setTimeout(r, 250));
  }
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

describe("documents per agent", () => {
  it("the 101st document is refused with the plan's reason, in English and Vietnamese", async () => {
    const { token, agentId } = await owner();
    await seed(agentId, 99, 100);
    const hundredth = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      files(["hundredth.txt", "The hundredth document."]),
    );
    expect(hundredth.status).toBe(200);
    expect(hundredth.body.data.accepted.map((d) => d.name)).toEqual(["hundredth.txt"]);
    await settled(token);

    const enRefusal = fill(en.errors.limit_documents, { plan: "Free", limit: "100" });
    const over = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      files(["one-more.txt", "One document too many."]),
    );
    expect(over.status).toBe(200);
    expect(over.body.data).toEqual({
      accepted: [],
      rejected: [{ name: "one-more.txt", message: enRefusal, upgrade_url: "/en/pricing" }],
    });
    const viOver = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      { type: "text", title: "Thêm một", content: "Một tài liệu quá nhiều." },
      "vi",
    );
    expect(viOver.body.data.rejected).toEqual([
      {
        name: "Thêm một",
        message: fill(vi.errors.limit_documents, { plan: "Miễn phí", limit: "100" }),
        upgrade_url: "/vi/pricing",
      },
    ]);
    expect(viOver.body.data.rejected[0]!.message).toContain("Gói Miễn phí cho phép 100 tài liệu");
    // A batch past the limit: nothing of it goes in, each file says why.
    const batch = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      files(["a.txt", "aaa"], ["b.txt", "bbb"]),
    );
    expect(batch.body.data.rejected.map((r) => r.message)).toEqual([enRefusal, enRefusal]);
    expect(await all(token)).toHaveLength(100);
  });

  it("a batch that crosses the limit takes what fits and refuses the rest", async () => {
    const { token, agentId } = await owner();
    await seed(agentId, 98, 100);
    const batch = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      files(["a.txt", "Alpha document."], ["b.txt", "Beta document."], ["c.txt", "Gamma document."]),
    );
    expect(batch.body.data.accepted.map((d) => d.name)).toEqual(["a.txt", "b.txt"]);
    expect(batch.body.data.rejected.map((r) => r.name)).toEqual(["c.txt"]);
    await settled(token);
    expect((await all(token)).every((d) => d.status === "completed")).toBe(true);
  });
});

describe("characters per agent", () => {
  it("refuses a snippet past the plan's characters at upload and cuts a file at ingestion, with the reason", async () => {
    const { token, agentId } = await owner();
    await seed(agentId, 1, 1_999_000);
    const enRefusal = fill(en.errors.limit_characters, { plan: "Free", limit: "2,000,000" });
    const tooLong = await call<Added>(token, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "Long",
      content: "x".repeat(2_000),
    });
    expect(tooLong.body.data.rejected).toEqual([
      { name: "Long", message: enRefusal, upgrade_url: "/en/pricing" },
    ]);
    const viLong = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      { type: "text", title: "Dài", content: "y".repeat(2_000) },
      "vi",
    );
    expect(viLong.body.data.rejected[0]!.message).toBe(
      fill(vi.errors.limit_characters, { plan: "Miễn phí", limit: "2.000.000" }),
    );

    const fits = await call<Added>(token, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "Fits",
      content: "Giờ mở cửa: 7 giờ sáng đến 9 giờ tối. ".repeat(10).trim(),
    });
    expect(fits.body.data.accepted).toHaveLength(1);
    await settled(token);

    // A file's size is not its text: it is accepted while there is room and cut at ingestion.
    const rows = `name;price\n${Array.from({ length: 400 }, (_, i) => `Bánh ${i};${i}000`).join("\n")}`;
    const csv = await call<Added>(token, "POST", "/api/v1/agent/document", files(["menu.csv", rows]));
    expect(csv.body.data.accepted).toHaveLength(1);
    const docs = await settled(token);
    const menu = docs.find((d) => d.name === "menu.csv")!;
    expect(menu.status).toBe("completed");
    expect(menu.characters).toBeGreaterThan(0);
    expect(menu.error).toBe(fill(en.errors.ingest_truncated_agent, { plan: "Free", limit: "2,000,000" }));
    expect(menu.upgrade_url).toBe("/en/pricing");
    const total = docs.reduce((n, d) => n + d.characters, 0);
    expect(total).toBeLessThanOrEqual(2_000_000);

    // Full to the character: a file is refused at upload.
    await sql(
      "update documents set characters = characters + $2 where agent_id = $1 and name = 'earlier 1'",
      [agentId, 2_000_000 - total],
    );
    const full = await call<Added>(token, "POST", "/api/v1/agent/document", files(["late.txt", "Too late."]));
    expect(full.body.data.rejected).toEqual([
      { name: "late.txt", message: enRefusal, upgrade_url: "/en/pricing" },
    ]);
  });
});

describe("a downgraded owner", () => {
  it("keeps every document and passage learned under a bigger plan; only new learning is refused", async () => {
    const { token, agentId } = await owner();
    const learned = await call<Added>(token, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "Hours",
      content: "The bakery opens at 7 am and closes at 9 pm every day except Monday.",
    });
    const hoursId = learned.body.data.accepted[0]!.id;
    await settled(token);
    const passagesBefore = await sql<{ n: number }>(
      "select count(*)::int as n from passages where document_id = $1",
      [hoursId],
    );
    expect(passagesBefore[0]!.n).toBeGreaterThan(0);
    // As if learned on a bigger plan: 120 documents, 2.4 M characters, past both free limits.
    await seed(agentId, 120, 20_000);
    // And one that failed back then, which the owner now retries.
    await seed(agentId, 1, 0, "failed");
    const before = await all(token);
    expect(before).toHaveLength(122);

    const refused = await call<Added>(
      token,
      "POST",
      "/api/v1/agent/document",
      files(["new.txt", "Something new."]),
    );
    expect(refused.body.data.rejected[0]!.message).toBe(
      fill(en.errors.limit_documents, { plan: "Free", limit: "100" }),
    );
    const failed = before.find((d) => d.status === "failed")!;
    const retry = await call<Doc>(token, "POST", `/api/v1/agent/document/${failed.id}/retry`);
    expect(retry.status).toBe(200);
    const after = await settled(token);
    expect(after.find((d) => d.id === failed.id)).toMatchObject({
      status: "failed",
      error: fill(en.errors.limit_documents, { plan: "Free", limit: "100" }),
      upgrade_url: "/en/pricing",
    });
    // Nothing learned was removed or changed.
    const keep = (docs: Doc[]) =>
      docs
        .filter((d) => d.status === "completed")
        .map((d) => [d.id, d.characters])
        .sort();
    expect(keep(after)).toEqual(keep(before));
    expect(after).toHaveLength(122);
    const passagesAfter = await sql<{ n: number }>(
      "select count(*)::int as n from passages where document_id = $1",
      [hoursId],
    );
    expect(passagesAfter[0]!.n).toBe(passagesBefore[0]!.n);
  });
});
