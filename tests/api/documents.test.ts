import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { AddResult, DocumentListItem } from "@/lib/contracts/training";
import { baseUrl, bearerCall } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/**
 * AGENT-2…6 over real HTTP: files, snippets and a local website go in, the background jobs learn them into
 * the search index, the list shows it, removal takes everything away, and nobody else can touch them.
 */
type Doc = DocumentListItem;

const api = bearerCall;

const form = (files: [string, string | Uint8Array][]) => {
  const f = new FormData();
  for (const [name, content] of files) f.append("files", new Blob([content as BlobPart]), name);
  return f;
};

async function ownerWithAgent(name = "Tiệm bánh Hoa Mai") {
  const { access } = await signInWithOidc();
  const created = await api(access, "POST", "/api/v1/agent", { name, kind: "business" });
  expect(created.status).toBe(201);
  return access;
}

async function documents(token: string, page = 1) {
  const res = await api<{ data: Doc[]; meta: { page: number; total_pages: number } }>(
    token,
    "GET",
    `/api/v1/agent/documents?page=${page}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** Waits until no document is processing; the ingestion runs in background jobs. */
async function settled(token: string, timeoutMs = 60_000): Promise<Doc[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await documents(token);
    if (data.every((d) => d.status !== "processing")) return data;
    if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(data)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const matches = async (agentDocId: string, folded: string) =>
  Number(
    (
      await sql<{ n: number }>(
        "select count(*)::int as n from passages where document_id = $1 and search @@ phraseto_tsquery('simple', $2)",
        [agentDocId, folded],
      )
    )[0]!.n,
  );

describe("training with files", () => {
  let token = "";
  beforeAll(async () => {
    token = await ownerWithAgent();
  });

  it("takes good files, refuses the rest each with its reason, and learns what it took", async () => {
    const big = new Uint8Array(1024 * 1024 + 10).fill(65);
    const { status, body } = await api<{ data: AddResult }>(
      token,
      "POST",
      "/api/v1/agent/document",
      form([
        ["gio-mo-cua.txt", "Cửa hàng mở cửa từ 7 giờ sáng đến 9 giờ tối."],
        ["hours.md", "# Opening hours\n\nThe shop opens at 7 am and closes at 9 pm."],
        ["prices.csv", "Tên sản phẩm,Giá\nBánh mì,25.000 đồng\n"],
        ["big.txt", big],
        ["fake.pdf", "this is not a PDF at all"],
        ["again.txt", "Cửa hàng mở cửa từ 7 giờ sáng đến 9 giờ tối."],
        ["tool.exe", "MZ binary"],
      ]),
    );
    expect(status).toBe(200);
    expect(body.data.accepted.map((d) => [d.name, d.type, d.status])).toEqual([
      ["gio-mo-cua.txt", "txt", "processing"],
      ["hours.md", "md", "processing"],
      ["prices.csv", "csv", "processing"],
    ]);
    const why = Object.fromEntries(body.data.rejected.map((r) => [r.name, r.message]));
    expect(Object.keys(why).sort()).toEqual(["again.txt", "big.txt", "fake.pdf", "tool.exe"]);
    expect(why["big.txt"]).toContain("Files exceeded size limits");
    expect(why["again.txt"]).toContain("Duplicate files");
    expect(why["fake.pdf"]).toMatch(/match/i);

    const done = await settled(token);
    const list = await api<{ meta: { summary: Record<string, number> } }>(
      token,
      "GET",
      "/api/v1/agent/documents",
    );
    expect(list.body.meta.summary).toMatchObject({ processing: 0, completed: 3, failed: 0 });
    expect(list.body.meta.summary.characters).toBe(done.reduce((n, d) => n + d.characters, 0));
    for (const d of done.filter((d) => ["gio-mo-cua.txt", "hours.md", "prices.csv"].includes(d.name))) {
      expect(d.status, JSON.stringify(d)).toBe("completed");
      expect(d.characters).toBeGreaterThan(10);
    }
    const vi = done.find((d) => d.name === "gio-mo-cua.txt")!;
    // Found without diacritics, as a visitor types on a phone.
    expect(await matches(vi.id, "mo cua tu 7 gio sang")).toBeGreaterThan(0);
    const csv = done.find((d) => d.name === "prices.csv")!;
    const [row] = await sql<{ content: string }>("select content from passages where document_id = $1", [
      csv.id,
    ]);
    expect(row!.content).toContain("Tên sản phẩm: Bánh mì");
    // Nothing of the refused files was stored.
    expect(done.map((d) => d.name)).not.toContain("big.txt");
  });

  it("says why in Vietnamese too", async () => {
    const { body } = await api<{ data: AddResult }>(
      token,
      "POST",
      "/api/v1/agent/document",
      form([["tool.exe", "MZ"]]),
      "vi",
    );
    expect(body.data.accepted).toEqual([]);
    expect(body.data.rejected[0]!.message).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i);
  });

  it("learns a named text snippet", async () => {
    const { body } = await api<{ data: AddResult }>(token, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "Giao hàng",
      content: "Giao hàng miễn phí trong bán kính 5 km cho đơn từ 200.000 đồng.",
    });
    expect(body.data.accepted).toHaveLength(1);
    const docs = await settled(token);
    const snippet = docs.find((d) => d.name === "Giao hàng")!;
    expect(snippet.status).toBe("completed");
    expect(await matches(snippet.id, "giao hang mien phi")).toBeGreaterThan(0);
  });

  it("refuses bad bodies with field reasons and stores nothing", async () => {
    const before = (await documents(token)).data.length;
    const empty = await api(token, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "",
      content: "",
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.error!.fields ?? {}).sort()).toEqual(["content", "title"]);
    const unknown = await api(token, "POST", "/api/v1/agent/document", { type: "video", url: "x" });
    expect(unknown.status).toBe(422);
    expect((await documents(token)).data.length).toBe(before);
  });

  it("refuses a damaged file at once, with a reason a person understands", async () => {
    const { body } = await api<{ data: AddResult }>(
      token,
      "POST",
      "/api/v1/agent/document",
      form([["broken.docx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])]]),
    );
    expect(body.data.accepted).toEqual([]);
    expect(body.data.rejected[0]!.message).toMatch(/damaged|does not match/i);
  });

  it("marks a scanned PDF failed with the reason, and retries it on request", async () => {
    // A valid PDF whose only page has no text layer, as a scanner makes it.
    const scanned = [
      "%PDF-1.4",
      "1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj",
      "2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj",
      "3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj",
      "trailer <</Root 1 0 R>>",
      "%%EOF",
    ].join("\n");
    const { body } = await api<{ data: AddResult }>(
      token,
      "POST",
      "/api/v1/agent/document",
      form([["scan.pdf", scanned]]),
    );
    expect(body.data.rejected).toEqual([]);
    const id = body.data.accepted[0]!.id;
    const failed = (await settled(token)).find((d) => d.id === id)!;
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(
      "This PDF has no text layer: it looks scanned. Upload a PDF with selectable text or a DOCX.",
    );
    expect(await sql("select id from passages where document_id = $1", [id])).toEqual([]);
    const retry = await api<{ data: Doc }>(token, "POST", `/api/v1/agent/document/${id}/retry`);
    expect(retry.status).toBe(200);
    expect(retry.body.data.status).toBe("processing");
    expect((await settled(token)).find((d) => d.id === id)!.status).toBe("failed");
    const [row] = await sql<{ attempts: number }>("select attempts from documents where id = $1", [id]);
    expect(row!.attempts).toBe(1);
    // A completed file cannot be "retried"; a processing one neither.
    const done = (await documents(token)).data.find((d) => d.status === "completed")!;
    expect((await api(token, "POST", `/api/v1/agent/document/${done.id}/retry`)).status).toBe(409);
  });

  it("removes a document with what was learned from it and its stored file", async () => {
    const docs = await settled(token);
    const victim = docs.find((d) => d.name === "hours.md")!;
    const [stored] = await sql<{ storage_key: string }>("select storage_key from documents where id = $1", [
      victim.id,
    ]);
    const file = path.join(inject("dataDir"), "files", ...stored!.storage_key.split("/"));
    if (inject("databaseKind") === "pglite") expect(existsSync(file)).toBe(true);
    const res = await api(token, "DELETE", `/api/v1/agent/document/${victim.id}`);
    expect(res.status).toBe(200);
    expect(await sql("select id from passages where document_id = $1", [victim.id])).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect((await documents(token)).data.map((d) => d.id)).not.toContain(victim.id);
    expect((await api(token, "DELETE", `/api/v1/agent/document/${victim.id}`)).status).toBe(404);
  });

  it("keeps every owner to their own documents", async () => {
    const other = await ownerWithAgent("Other owner");
    const mine = (await documents(token)).data[0]!;
    for (const [method, p] of [
      ["DELETE", `/api/v1/agent/document/${mine.id}`],
      ["POST", `/api/v1/agent/document/${mine.id}/retry`],
      ["GET", `/api/v1/agent/document/${mine.id}/pages`],
    ] as const) {
      const res = await api(other, method, p);
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    expect((await documents(other)).data).toEqual([]);
    expect((await api(other, "DELETE", "/api/v1/agent/document/not-a-uuid")).status).toBe(404);
  });

  it("asks for setup first, and for sign-in", async () => {
    const { access } = await signInWithOidc();
    const res = await api(access, "GET", "/api/v1/agent/documents");
    expect(res.status).toBe(404);
    expect(res.body.error!.message).toBe("not_found");
    const anonymous = await fetch(`${baseUrl()}/api/v1/agent/documents`);
    expect(anonymous.status).toBe(401);
  });
});

describe("training with a website", () => {
  it("crawls the local site: sitemap, robots.txt honoured, each page listed, facts searchable", async () => {
    const token = await ownerWithAgent();
    const site = inject("siteUrl");
    const { status, body } = await api<{ data: AddResult }>(token, "POST", "/api/v1/agent/document", {
      type: "url",
      url: site,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const doc = body.data.accepted[0]!;
    expect(doc.type).toBe("url");
    const done = (await settled(token)).find((d) => d.id === doc.id)!;
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const pages = await api<{ data: { url: string; status: string }[] }>(
      token,
      "GET",
      `/api/v1/agent/document/${doc.id}/pages`,
    );
    const byPath = Object.fromEntries(pages.body.data.map((p) => [new URL(p.url).pathname, p.status]));
    expect(byPath["/"]).toBe("completed");
    expect(byPath["/menu"]).toBe("completed");
    expect(byPath["/en/about"]).toBe("completed");
    expect(byPath["/private/secret"]).not.toBe("completed");
    expect(await matches(doc.id, "thanh pho ho chi minh")).toBeGreaterThan(0);
    expect(await matches(doc.id, "must never be learned")).toBe(0);
    // The same site twice is one document.
    const again = await api<{ data: AddResult }>(token, "POST", "/api/v1/agent/document", {
      type: "url",
      url: site,
    });
    expect(again.body.data.accepted).toEqual([]);
  });

  it("refuses an invalid or private address with the spec's message, in both languages", async () => {
    const token = await ownerWithAgent();
    for (const url of [
      "not a url",
      "ftp://example.com/",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest",
    ]) {
      const res = await api(token, "POST", "/api/v1/agent/document", { type: "url", url });
      expect(res.status, url).toBe(422);
      expect(res.body.error!.fields!.url).toContain("Something went wrong. Please enter a different URL.");
    }
    const vi = await api(
      token,
      "POST",
      "/api/v1/agent/document",
      { type: "url", url: "http://10.0.0.1/" },
      "vi",
    );
    expect(vi.body.error!.fields!.url).toContain("Vui lòng nhập một địa chỉ URL khác");
    expect((await documents(token)).data).toEqual([]);
  });
});
