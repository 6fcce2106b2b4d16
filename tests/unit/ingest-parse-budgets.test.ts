import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { defaultLimits, parseDocument } from "@/lib/ingest/parse";
import { extract } from "@/lib/ingest/parse/extract";
import { checkPdfStreams } from "@/lib/ingest/parse/pdf-streams";
import { Gate } from "@/lib/ingest/parse/run-worker";
import { keepFirst } from "@/lib/ingest/parse/text";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import {
  csvOfTinyRows,
  pdfStreamBomb,
  pdfWithText,
  xlsxSharedStringAmplifier,
  zlibOfSpaces,
} from "@/tests/helpers/hostile-files";

/**
 * Issue 13 parts 1–2 inside the parser: decoded-size budgets on PDF streams (checked before pdf.js, which
 * cannot be stopped once it inflates), and the character budget counted while parsing.
 */
const budget = {
  maxStreamBytes: defaultLimits.maxStreamBytes,
  maxDecodedBytes: defaultLimits.maxDecodedBytes,
};

/** A PDF of the given raw objects (dictionary + stream), enough for the stream scan. */
function streams(...items: [string, Uint8Array][]): Uint8Array {
  const parts = [Buffer.from("%PDF-1.4\n")];
  items.forEach(([dict, data], i) => {
    parts.push(
      Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, "latin1"),
      Buffer.from(data),
      Buffer.from("\nendstream\nendobj\n"),
    );
  });
  return new Uint8Array(Buffer.concat(parts));
}

describe("PDF stream bombs are refused from a count, before pdf.js inflates anything", () => {
  it("a ~0.9 MB PDF whose content stream inflates to 700 MB fails with its reason, fast and small", async () => {
    const bomb = pdfStreamBomb(700, 900);
    expect(bomb.length).toBeGreaterThan(850 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const before = process.memoryUsage().rss;
    const r = await extract(bomb, "menu.pdf", defaultLimits);
    expect(r).toMatchObject({ ok: false, error: "pdf_too_expanded" });
    expect(!r.ok && r.detail).toMatch(/stream 1 decodes to more than 16777216 bytes/);
    // Stops at the 16 MB stream budget instead of inflating 700 MB (seconds even on a starved machine).
    expect(performance.now() - started).toBeLessThan(10_000);
    // Counted, never kept: this thread did not grow by anything like the stream.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(en.errors.ingest_pdf_too_expanded).toMatch(/^This PDF expands to far more text than it shows/);
    expect(vi.errors.ingest_pdf_too_expanded).toMatch(/PDF này/);
  });

  it("and through the child process", async () => {
    const r = await parseDocument({ name: "menu.pdf", bytes: pdfStreamBomb(700, 900) });
    expect(r).toMatchObject({ ok: false, error: "pdf_too_expanded" });
  });

  it("an honest PDF passes the scan and is read", async () => {
    const r = await parseDocument({
      name: "hours.pdf",
      bytes: pdfWithText(["Opening hours: 7 am to 9 pm", "Closed on Mondays"]),
    });
    if (!r.ok) throw new Error(`${r.error}: ${r.detail}`);
    expect(r.text).toContain("Closed on Mondays");
    expect(r.truncated).toBeUndefined();
  });

  it("many streams each under the per-stream budget still meet the per-document budget", () => {
    const ten = zlibOfSpaces(10);
    const pdf = streams(
      ...Array.from({ length: 6 }, () => ["<< /Filter /FlateDecode >>", ten] as [string, Uint8Array]),
    );
    expect(() => checkPdfStreams(pdf, budget)).toThrow(
      /streams up to 5 \(document budget\) decodes to more than/,
    );
    expect(checkPdfStreams(streams(["<< /Filter /FlateDecode >>", ten]), budget)).toBe(10 * 1024 * 1024);
  });

  it("a Flate-of-Flate stream is counted at every layer", () => {
    const inner = zlibOfSpaces(200);
    const outer = deflateSync(inner);
    expect(outer.length).toBeLessThan(inner.length);
    const pdf = streams(["<< /Filter [/FlateDecode /FlateDecode] >>", outer]);
    expect(() => checkPdfStreams(pdf, budget)).toThrow(/decodes to more than/);
  });

  it("ASCII85 before Flate is decoded first, then inflated and counted", () => {
    const a85 = (bytes: Uint8Array) => {
      let out = "";
      for (let i = 0; i < bytes.length; i += 4) {
        const chunk = [...bytes.subarray(i, i + 4)];
        const n = chunk.length;
        while (chunk.length < 4) chunk.push(0);
        let v = ((chunk[0]! << 24) | (chunk[1]! << 16) | (chunk[2]! << 8) | chunk[3]!) >>> 0;
        const digits: string[] = [];
        for (let d = 0; d < 5; d++) {
          digits.unshift(String.fromCharCode((v % 85) + 33));
          v = Math.floor(v / 85);
        }
        out += digits.slice(0, n + 1).join("");
      }
      return Buffer.from(`${out}~>`, "latin1");
    };
    const small = deflateSync(Buffer.from("BT (hello) Tj ET"));
    expect(
      checkPdfStreams(streams(["<< /Filter [/ASCII85Decode /FlateDecode] >>", a85(small)]), budget),
    ).toBe(16);
    const big = streams(["<< /Filter [/A85 /Fl] >>", a85(zlibOfSpaces(64))]);
    expect(() => checkPdfStreams(big, budget)).toThrow(/decodes to more than/);
  });

  it("images are skipped: the text layer never decodes them", () => {
    const image = zlibOfSpaces(200);
    const pdf = streams(["<< /Type /XObject /Subtype /Image /Filter /FlateDecode >>", image]);
    expect(checkPdfStreams(pdf, budget)).toBe(0);
  });
});

describe("the character budget is counted while parsing", () => {
  it("an XLSX shared string referenced by 20,000 cells stops at the budget, truncated", async () => {
    const bytes = xlsxSharedStringAmplifier(1_000, 20_000);
    expect(bytes.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    const r = await extract(bytes, "prices.xlsx", defaultLimits);
    if (!r.ok) throw new Error(`${r.error}: ${r.detail}`);
    expect(r.truncated).toBe(true);
    expect(r.characters).toBeLessThanOrEqual(500_000);
    expect(r.characters).toBeGreaterThan(400_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("a 1 MB CSV of tiny rows renders to far more than 500k characters: it is cut there", async () => {
    const bytes = csvOfTinyRows();
    expect(bytes.length).toBeLessThanOrEqual(1024 * 1024);
    const r = await parseDocument({ name: "rows.csv", bytes });
    if (!r.ok) throw new Error(`${r.error}: ${r.detail}`);
    expect(r.truncated).toBe(true);
    expect(r.characters).toBeLessThanOrEqual(500_000);
    expect(r.text.startsWith("n: 1\nn: 1")).toBe(true);
  });

  it("a smaller budget (the agent's room) is honoured to the character", async () => {
    const r = await parseDocument(
      { name: "rows.csv", bytes: csvOfTinyRows(100_000) },
      { maxCharacters: 1_234 },
    );
    if (!r.ok) throw new Error(`${r.error}: ${r.detail}`);
    expect(r.truncated).toBe(true);
    expect(r.characters).toBeLessThanOrEqual(1_234);
    expect(r.characters).toBeGreaterThan(1_200);
  });

  it("a document within the budget is not marked truncated", async () => {
    const r = await parseDocument({ name: "rows.csv", bytes: csvOfTinyRows(1_000) });
    expect(r.ok && r.truncated).toBeFalsy();
  });

  it("keepFirst cuts whole sections, then the last one at a word", () => {
    const sections = [
      { heading: "A", text: "one two three" },
      { heading: null, text: "four five six seven eight" },
    ];
    expect(keepFirst(sections, 1_000)).toEqual({ sections, cut: false });
    const { sections: kept, cut } = keepFirst(sections, 27);
    expect(cut).toBe(true);
    expect(kept).toEqual([
      { heading: "A", text: "one two three" },
      { heading: null, text: "four five" },
    ]);
  });
});

describe("parses run as memory allows", () => {
  const tick = () => new Promise((r) => setTimeout(r, 20));
  async function peak(gate: Gate): Promise<number> {
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        gate.run(async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    return most;
  }

  it("two at once when there is room for two, one when there is room for one", async () => {
    const MB = 1024 * 1024;
    expect(await peak(new Gate(2, 320 * MB, 256 * MB, () => 8_000 * MB))).toBe(2);
    expect(await peak(new Gate(2, 320 * MB, 256 * MB, () => 600 * MB))).toBe(1);
    // Even with no room at all one parse runs: slow rather than stuck.
    expect(await peak(new Gate(2, 320 * MB, 256 * MB, () => 0))).toBe(1);
  });
});
