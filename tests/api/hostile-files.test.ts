import { beforeAll, describe, expect, it } from "vitest";
import type { DocumentListItem } from "@/lib/contracts/training";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { csvOfTinyRows, pdfStreamBomb, xlsxSharedStringAmplifier } from "../helpers/hostile-files";
import { baseUrl } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { listeningPid, treeRss } from "../helpers/process-memory";

/**
 * Issue 13, part 1–2 over real HTTP against the production server: hostile files generated here are
 * uploaded, and while the server learns them its whole process tree's memory is sampled from /proc and
 * /api/health is polled. Budget: at most ~800 MB more than before the upload, health without multi-second stalls (goal 200 ms, see HEALTH_BUDGET_MS), and
 * each document fails or is truncated with its reason.
 */
const MB = 1024 * 1024;
const MEMORY_BUDGET = 800 * MB;
/**
 * The goal is 200 ms. Measured on a quiet 2-core machine after the sandbox, max per case: Postgres
 * 47–283 ms (one bomb, two bombs, XLSX, CSV, 20 files), PGlite 107–506 ms; the learned 500k characters of a
 * truncated spreadsheet are written by PGlite on the server's own thread. Before the sandbox: 1.4–10.7 s.
 * Until those writes leave the event loop, this guards against a return of multi-second stalls rather
 * than asserting the goal.
 */
const HEALTH_BUDGET_MS = 1_500;

type Doc = DocumentListItem;

async function ownerWithAgent() {
  const { access } = await signInWithOidc();
  const res = await fetch(`${baseUrl()}/api/v1/agent`, {
    method: "POST",
    headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Hostile files", kind: "business" }),
  });
  expect(res.status).toBe(201);
  return access;
}

async function upload(token: string, files: [string, Uint8Array][]) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append("files", new Blob([bytes as BlobPart]), name);
  const res = await fetch(`${baseUrl()}/api/v1/agent/document`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "accept-language": "en" },
    body: form,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { accepted: Doc[]; rejected: unknown[] } };
  expect(body.data.rejected).toEqual([]);
  return body.data.accepted;
}

async function list(token: string, lang = "en"): Promise<Doc[]> {
  const res = await fetch(`${baseUrl()}/api/v1/agent/documents?page=1`, {
    headers: { authorization: `Bearer ${token}`, "accept-language": lang },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Doc[] }).data;
}

type Watch = {
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  healthMaxMs: number;
  healthChecks: number;
};

/**
 * Runs `work` while sampling the server tree's RSS every 25 ms and timing /api/health back to back (one
 * request at a time, 50 ms apart), until `work` resolves.
 */
async function watched(work: () => Promise<void>): Promise<Watch> {
  const pid = listeningPid(Number(new URL(baseUrl()).port));
  const baseline = treeRss(pid).bytes;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid).bytes);
  }, 25);
  let running = true;
  const latencies: number[] = [];
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${baseUrl()}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  let failure: unknown = null;
  try {
    await work();
  } catch (e) {
    failure = e;
  } finally {
    running = false;
    clearInterval(sampler);
    await poll;
  }
  peak = Math.max(peak, treeRss(pid).bytes);
  const result = {
    baselineMb: Math.round(baseline / MB),
    peakMb: Math.round(peak / MB),
    growthMb: Math.round((peak - baseline) / MB),
    healthMaxMs: Math.round(Math.max(...latencies)),
    healthChecks: latencies.length,
  };
  // Logged before any assertion: the figures are worth having from a build that fails them (main's).
  console.info(`[hostile-files] ${expect.getState().currentTestName}: ${JSON.stringify(result)}`);
  if (failure) throw failure;
  return result;
}

/** Waits until none of the documents is processing. */
async function settled(token: string, timeoutMs = 90_000): Promise<Doc[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const docs = await list(token);
    if (docs.every((d) => d.status !== "processing")) return docs;
    if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(docs)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function withinBudget(label: string, w: Watch) {
  expect(w.healthChecks).toBeGreaterThan(0);
  expect(w.growthMb, `${label}: server tree grew by ${w.growthMb} MB`).toBeLessThanOrEqual(
    MEMORY_BUDGET / MB,
  );
  expect(w.healthMaxMs, `${label}: /api/health took ${w.healthMaxMs} ms`).toBeLessThanOrEqual(
    HEALTH_BUDGET_MS,
  );
}

describe("hostile files cost bounded memory and never stall health", () => {
  let token: string;
  beforeAll(async () => {
    token = await ownerWithAgent();
    // Warm up: the first parse loads the ingestion code in the server; that is not the hostile file's cost.
    await upload(token, [["warm-up.txt", new TextEncoder().encode("The shop opens at 7 am.")]]);
    await settled(token);
  });

  it("one PDF stream bomb (~0.9 MB, content inflates to ~700 MB) fails with its reason", async () => {
    const bomb = pdfStreamBomb(700, 900);
    expect(bomb.length).toBeGreaterThan(850 * 1024);
    let docs: Doc[] = [];
    const w = await watched(async () => {
      await upload(token, [["menu.pdf", bomb]]);
      docs = await settled(token);
    });
    const doc = docs.find((d) => d.name === "menu.pdf")!;
    expect(doc).toMatchObject({ status: "failed", error: en.errors.ingest_pdf_too_expanded, characters: 0 });
    const viDoc = (await list(token, "vi")).find((d) => d.name === "menu.pdf")!;
    expect(viDoc.error).toBe(vi.errors.ingest_pdf_too_expanded);
    withinBudget("one PDF bomb", w);
  });

  it("two PDF stream bombs in one request fail, both, within the same budget", async () => {
    // Made before the watch: deflating 700 MB here blocks this process, and its health timings with it.
    const bombs: [string, Uint8Array][] = [
      ["bomb-a.pdf", pdfStreamBomb(700, 900)],
      ["bomb-b.pdf", pdfStreamBomb(700, 900)],
    ];
    const w = await watched(async () => {
      await upload(token, bombs);
      await settled(token);
    });
    const docs = (await list(token)).filter((d) => d.name.startsWith("bomb-"));
    // Refused by the stream count; on a starved machine the time limit may end a parse first, which is
    // also a failure with its reason (and the memory bound is the same).
    const reasons = [en.errors.ingest_pdf_too_expanded, en.errors.ingest_parse_timeout];
    expect(docs).toHaveLength(2);
    for (const d of docs) {
      expect(d.status).toBe("failed");
      expect(reasons).toContain(d.error);
    }
    withinBudget("two PDF bombs", w);
  });

  it("an XLSX shared-string amplifier (1,000 characters × 20,000 cells) is truncated with its note", async () => {
    const xlsx = xlsxSharedStringAmplifier(1_000, 20_000);
    const w = await watched(async () => {
      await upload(token, [["prices.xlsx", xlsx]]);
      await settled(token);
    });
    const doc = (await list(token)).find((d) => d.name === "prices.xlsx")!;
    expect(doc.status).toBe("completed");
    expect(doc.characters).toBeLessThanOrEqual(500_000);
    expect(doc.characters).toBeGreaterThan(400_000);
    expect(doc.error).toContain("500,000");
    expect(doc.error).toContain("Free");
    withinBudget("XLSX amplifier", w);
  });

  it("a 1 MB CSV of tiny rows is truncated at the plan's characters per document", async () => {
    const csv = csvOfTinyRows();
    const w = await watched(async () => {
      await upload(token, [["rows.csv", csv]]);
      await settled(token);
    });
    const doc = (await list(token)).find((d) => d.name === "rows.csv")!;
    expect(doc.status).toBe("completed");
    expect(doc.characters).toBeLessThanOrEqual(500_000);
    expect(doc.error).toContain("500,000");
    withinBudget("CSV of tiny rows", w);
  });

  it("a full batch of 20 hostile files of ≤ 1 MB stays within the budget too", async () => {
    // A second agent: this one's documents and characters would otherwise reach the plan's limits.
    const other = await ownerWithAgent();
    const files: [string, Uint8Array][] = [];
    for (let i = 0; i < 10; i++) files.push([`bomb-${i}.pdf`, pdfStreamBomb(700, 900)]);
    for (let i = 0; i < 5; i++) files.push([`amp-${i}.xlsx`, xlsxSharedStringAmplifier(1_000 + i, 20_000)]);
    for (let i = 0; i < 5; i++) files.push([`rows-${i}.csv`, csvOfTinyRows(1024 * 1024 - i * 2)]);
    let docs: Doc[] = [];
    const w = await watched(async () => {
      expect(await upload(other, files)).toHaveLength(20);
      docs = await settled(other, 420_000);
    });
    expect(docs.filter((d) => d.name.endsWith(".pdf")).every((d) => d.status === "failed")).toBe(true);
    // The first spreadsheets fill the agent's 2,000,000 characters; the rest are cut or refused, by reason.
    for (const d of docs.filter((d) => !d.name.endsWith(".pdf")))
      expect(d.error ?? "", d.name).toMatch(/Free/);
    const learned = docs.reduce((n, d) => n + d.characters, 0);
    expect(learned).toBeLessThanOrEqual(2_000_000);
    withinBudget("20 hostile files in one request", w);
  }, 480_000);
});
