import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  defaultLimits,
  detectType,
  type ParseResult,
  parseDocument,
  parseErrorKeys,
} from "@/lib/ingest/parse";
import { extract } from "@/lib/ingest/parse/extract";
import { runWorker } from "@/lib/ingest/parse/run-worker";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import {
  deflateBomb,
  docxXml,
  makeDocx,
  makePdf,
  makePng,
  makeScannedPdf,
  makeXls,
  makeXlsx,
  makeZip,
  utf8,
} from "@/tests/helpers/ingest-fixtures";

/** Bad inputs: each is refused with the key a person gets a clear message for, and quickly. */
function error(result: ParseResult): string {
  return result.ok ? `ok: ${result.text.slice(0, 80)}` : result.error;
}

const docxParts = (documentXml: Uint8Array | { raw: Uint8Array; declaredSize: number }) => [
  { name: "[Content_Types].xml", data: utf8("<Types/>") },
  "raw" in documentXml
    ? { name: "word/document.xml", data: new Uint8Array(0), ...documentXml }
    : { name: "word/document.xml", data: documentXml },
];

describe("detectType: the bytes must match the extension", () => {
  const pdf = utf8("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");
  const docx = makeDocx([{ text: "hello" }]);
  const xlsx = makeXlsx([{ name: "S", rows: [["a"], ["b"]] }]);
  const xls = makeXls([{ name: "S", rows: [["a"], ["b"]] }]);
  const png = makePng(2, 2);

  it.each([
    ["report.pdf", utf8("just some text, no PDF header")],
    ["report.pdf", docx],
    ["letter.docx", pdf],
    ["letter.docx", xlsx],
    ["letter.docx", utf8("PK but not really")],
    ["prices.xlsx", docx],
    ["prices.xlsx", xls],
    ["old.xls", xlsx],
    ["old.xls", pdf],
    ["notes.txt", new Uint8Array(png)],
    ["notes.txt", docx],
    ["notes.md", pdf],
    ["table.csv", xls],
    ["page.html", utf8("Plain words without a single tag.")],
    ["page.html", new Uint8Array(png)],
    ["notes.txt", Uint8Array.from([0x68, 0x69, 0x00, 0x00, 0x01, 0x02])],
  ])("%s with other content → type_mismatch", (name, bytes) => {
    const r = detectType(name, bytes);
    expect(r).toMatchObject({
      ok: false,
      error: "type_mismatch",
      params: { extension: name.split(".").pop() },
    });
  });

  it("names what a docx really was", () => {
    const r = detectType("letter.docx", xlsx);
    expect(!r.ok && r.detail).toMatch(/spreadsheet/);
  });

  it("accepts each format with its own bytes", () => {
    expect(detectType("a.PDF", pdf)).toEqual({ ok: true, type: "pdf" });
    expect(detectType("a.docx", docx)).toEqual({ ok: true, type: "docx" });
    expect(detectType("a.xlsx", xlsx)).toEqual({ ok: true, type: "xlsx" });
    expect(detectType("a.xls", xls)).toEqual({ ok: true, type: "xls" });
    expect(detectType("a.htm", utf8("<p>hi</p>"))).toEqual({ ok: true, type: "html" });
    expect(detectType("a.markdown", utf8("# hi"))).toEqual({ ok: true, type: "md" });
  });

  it("refuses unknown extensions and text that is not UTF-8", () => {
    expect(detectType("setup.exe", utf8("MZ"))).toMatchObject({ error: "type_unsupported" });
    expect(detectType("README", utf8("hello"))).toMatchObject({ error: "type_unsupported" });
    expect(detectType("photo.png", new Uint8Array(png))).toMatchObject({ error: "type_unsupported" });
    // "Café" in Windows-1252: valid bytes, wrong encoding.
    expect(detectType("menu.txt", Uint8Array.from([0x43, 0x61, 0x66, 0xe9]))).toMatchObject({
      error: "encoding_invalid",
    });
  });
});

describe("size and emptiness", () => {
  it("refuses a file over the limit before any worker starts", async () => {
    const big = new Uint8Array(defaultLimits.maxBytes + 1).fill(0x61);
    const r = await parseDocument({ name: "big.txt", bytes: big });
    expect(r).toMatchObject({ ok: false, error: "file_too_large", params: { limit: "1 MB" } });
    expect(
      error(await parseDocument({ name: "s.txt", bytes: utf8("x".repeat(2048)) }, { maxBytes: 1024 })),
    ).toBe("file_too_large");
  });

  it.each(["a.txt", "a.pdf", "a.docx", "a.xlsx", "a.xls", "a.csv", "a.md", "a.html"])(
    "%s with no bytes → file_empty",
    async (name) => {
      expect(error(await parseDocument({ name, bytes: new Uint8Array(0) }))).toBe("file_empty");
    },
  );

  it("a text of only whitespace is empty too; so is a docx without text", async () => {
    expect(error(await parseDocument({ name: "a.txt", bytes: utf8(" \n\t \r\n") }))).toBe("file_empty");
    expect(error(await parseDocument({ name: "a.docx", bytes: makeDocx([{ text: "   " }]) }))).toBe(
      "file_empty",
    );
  });
});

describe("zip limits, checked before inflating and while inflating", () => {
  it("refuses a 200 KB docx that inflates to 200 MB, from its directory, in well under a second", async () => {
    const bomb = makeZip(docxParts({ raw: deflateBomb(200), declaredSize: 200 * 1024 * 1024 }));
    expect(bomb.length).toBeGreaterThan(150_000);
    expect(bomb.length).toBeLessThan(300_000);
    const started = performance.now();
    const r = await parseDocument({ name: "bomb.docx", bytes: bomb });
    expect(r).toMatchObject({ ok: false, error: "archive_too_large" });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("stops a lying header (declares 1 KB, inflates to 200 MB) as soon as the output passes it", async () => {
    const liar = makeZip(docxParts({ raw: deflateBomb(200), declaredSize: 1024 }));
    const r = await extract(liar, "liar.docx", defaultLimits);
    expect(r).toMatchObject({ ok: false, error: "archive_too_large" });
    expect(!r.ok && r.detail).toMatch(/inflates past its declared 1024 bytes/);
    // Same through the worker, whose heap could not hold 200 MB of XML text anyway.
    expect(error(await parseDocument({ name: "liar.docx", bytes: liar }))).toBe("archive_too_large");
  });

  it("enforces the total budget across entries even when each entry looks reasonable", async () => {
    const limits = { ...defaultLimits, maxUncompressedBytes: 3 * 1024 * 1024 };
    const parts = docxParts({ raw: deflateBomb(2), declaredSize: 2 * 1024 * 1024 });
    // Sizes declared honestly (2 MB each), ratios too high: refused by ratio from the directory.
    const r1 = await extract(makeZip(parts), "r.docx", limits);
    expect(r1).toMatchObject({ ok: false, error: "archive_too_large" });
    expect(!r1.ok && r1.detail).toMatch(/ratio/);
    // Declared total over the budget.
    const r2 = await extract(makeDocx([{ text: "x".repeat(10) }]), "t.docx", {
      ...defaultLimits,
      maxUncompressedBytes: 100,
    });
    expect(r2).toMatchObject({ ok: false, error: "archive_too_large" });
  });

  it("refuses more than 2,000 entries", async () => {
    const entries = Array.from({ length: 2_001 }, (_, i) => ({
      name: `word/media/${i}.xml`,
      data: utf8("<a/>"),
    }));
    const bytes = makeZip([...docxParts(utf8(docxXml([{ text: "hi" }]))), ...entries]);
    expect(error(await parseDocument({ name: "many.docx", bytes }))).toBe("too_many_entries");
  });
});

describe("damaged files", () => {
  it("a truncated docx or xlsx → file_corrupt", async () => {
    const docx = makeDocx([{ text: "The shop opens at 7 am." }]);
    const xlsx = makeXlsx([
      {
        name: "S",
        rows: [
          ["a", "b"],
          ["1", "2"],
        ],
      },
    ]);
    expect(error(await parseDocument({ name: "t.docx", bytes: docx.subarray(0, docx.length / 2) }))).toBe(
      "file_corrupt",
    );
    expect(error(await parseDocument({ name: "t.xlsx", bytes: xlsx.subarray(0, xlsx.length - 30) }))).toBe(
      "file_corrupt",
    );
  });

  it("a docx whose deflate data is garbage, or whose XML is broken → file_corrupt", async () => {
    const garbage = makeZip(
      docxParts({ raw: utf8("definitely not deflate data ".repeat(10)), declaredSize: 1000 }),
    );
    expect(error(await parseDocument({ name: "g.docx", bytes: garbage }))).toBe("file_corrupt");
    const broken = makeDocx([], { documentXml: "<w:document><w:body><w:p><w:t>unclosed" });
    expect(error(await parseDocument({ name: "b.docx", bytes: broken }))).toBe("file_corrupt");
  });

  it("a PDF header over garbage, or a PDF cut short → file_corrupt", async () => {
    const junk = utf8(`%PDF-1.7\n${"garbage ".repeat(50)}`);
    expect(error(await parseDocument({ name: "j.pdf", bytes: junk }))).toBe("file_corrupt");
    const pdf = await makePdf([["The shop opens at 7 am and closes at 9 pm."]]);
    expect(error(await parseDocument({ name: "cut.pdf", bytes: pdf.subarray(0, 400) }))).toBe("file_corrupt");
  });

  it("an xls that is OLE2 but not a workbook → file_corrupt", async () => {
    const ole = new Uint8Array(2048);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(error(await parseDocument({ name: "x.xls", bytes: ole }))).toBe("file_corrupt");
  });
});

describe("PDFs without readable text", () => {
  it("a scanned PDF (an image, no text layer) → pdf_no_text", async () => {
    const r = await parseDocument({ name: "scan.pdf", bytes: await makeScannedPdf() });
    expect(r).toMatchObject({ ok: false, error: "pdf_no_text" });
  });

  it("a password-protected PDF → pdf_encrypted", async () => {
    const bytes = await makePdf([["Secret opening hours"]], { userPassword: "s3cret" });
    expect(error(await parseDocument({ name: "locked.pdf", bytes }))).toBe("pdf_encrypted");
  });
});

describe("XML attacks", () => {
  it("an external entity pointing at /etc/passwd is refused and nothing of the file appears", async () => {
    const xml = docxXml(
      [{ text: "before &xxe; after" }],
      '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const r = await parseDocument({ name: "xxe.docx", bytes: makeDocx([], { documentXml: xml }) });
    expect(r).toMatchObject({ ok: false, error: "xml_unsafe" });
    expect(JSON.stringify(r)).not.toMatch(/root:/);
  });

  it("an undeclared entity (no DOCTYPE at all) is refused, not expanded", async () => {
    const xml = docxXml([{ text: "x" }]).replace(">x<", ">&xxe;<");
    expect(error(await parseDocument({ name: "e.docx", bytes: makeDocx([], { documentXml: xml }) }))).toBe(
      "xml_unsafe",
    );
  });

  it("billion laughs in an xlsx is refused at once", async () => {
    const lol = [
      '<!DOCTYPE sst [<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`),
      "]>",
    ].join("");
    const xlsx = makeXlsx([{ name: "S", rows: [["a"], ["b"]] }]);
    // Rebuild the workbook with the payload in sharedStrings.
    const shared = `<?xml version="1.0"?>${lol}<sst><si><t>&lol9;</t></si></sst>`;
    const bytes = makeZip([
      { name: "[Content_Types].xml", data: utf8("<Types/>") },
      {
        name: "xl/workbook.xml",
        data: utf8('<workbook xmlns:r="r"><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>'),
      },
      {
        name: "xl/_rels/workbook.xml.rels",
        data: utf8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      },
      { name: "xl/sharedStrings.xml", data: utf8(shared) },
      {
        name: "xl/worksheets/sheet1.xml",
        data: utf8('<worksheet><sheetData><row><c t="s"><v>0</v></c></row></sheetData></worksheet>'),
      },
    ]);
    expect(xlsx.length).toBeGreaterThan(0);
    const started = performance.now();
    expect(error(await parseDocument({ name: "lol.xlsx", bytes }))).toBe("xml_unsafe");
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("prototype pollution through spreadsheet headers and cells", () => {
  const payloadRows = [
    ["__proto__", "constructor", "prototype", "polluted"],
    ['{"polluted": true}', "x", "y", "z"],
    ['{"__proto__": {"polluted": true}}', "toString", "hasOwnProperty", "valueOf"],
  ];
  const csv = payloadRows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\n");
  const before = Object.getOwnPropertyNames(Object.prototype).sort();

  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it.each([
    ["evil.csv", utf8(csv)],
    ["evil.xlsx", makeXlsx([{ name: "__proto__", rows: payloadRows }])],
    ["evil.xls", makeXls([{ name: "constructor", rows: payloadRows }])],
  ])(
    "%s parsed in this thread leaves Object.prototype alone and keeps the names as text",
    async (name, bytes) => {
      const r = await extract(bytes, name, defaultLimits);
      if (!r.ok) throw new Error(`${r.error}: ${r.detail}`);
      expect(r.sections[0]!.text.split("\n")[0]).toBe(
        '__proto__: {"polluted": true}; constructor: x; prototype: y; polluted: z',
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
      expect(Object.prototype.toString.call([])).toBe("[object Array]");
    },
  );

  it("and through the worker", async () => {
    const r = await parseDocument({ name: "evil.xlsx", bytes: makeXlsx([{ name: "S", rows: payloadRows }]) });
    expect(r.ok && r.text).toContain("__proto__: {");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("the worker is bounded in time and memory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-ingest-worker-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const hang = path.join(dir, "hang.mjs");
  const hog = path.join(dir, "hog.mjs");
  writeFileSync(hang, "for (;;) {}\n");
  writeFileSync(hog, "const keep = []; for (;;) keep.push(new Array(1e5).fill({ a: Math.random() }));\n");
  // Buffers live outside the V8 heap: --max-old-space-size alone would let this grow without end.
  const buffers = path.join(dir, "buffers.mjs");
  writeFileSync(
    buffers,
    "const keep = []; for (;;) { keep.push(Buffer.alloc(8 << 20, 1)); await new Promise((r) => setTimeout(r, 5)); }\n",
  );
  // Answers, then never ends: what a child stuck in Node's exit looks like from the server.
  const lingering = path.join(dir, "lingering.mjs");
  writeFileSync(
    lingering,
    'process.once("message", () => process.send({ ok: true, text: "done" })); setInterval(() => {}, 1000);\n',
  );
  let child: ChildProcess | undefined;

  it("a child that answers but does not end is killed soon after, and its answer kept", async () => {
    const started = performance.now();
    const r = await runWorker(
      lingering,
      {},
      { timeoutMs: 60_000, maxHeapMb: 64, maxRssMb: 256, onChild: (c) => (child = c) },
    );
    expect(r).toMatchObject({ ok: true, text: "done" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(child!.signalCode).toBe("SIGKILL");
  });

  it("a parser that never returns is terminated at the deadline", async () => {
    let child: ChildProcess | undefined;
    let exited = false;
    const started = performance.now();
    const r = await runWorker(
      hang,
      {},
      {
        timeoutMs: 300,
        maxHeapMb: 64,
        maxRssMb: 256,
        onChild: (c) => {
          child = c;
          c.once("exit", () => {
            exited = true;
          });
        },
      },
    );
    expect(r).toMatchObject({ ok: false, error: "parse_timeout" });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(child).toBeDefined();
    expect(exited).toBe(true);
    expect(child!.signalCode).toBe("SIGKILL");
  });

  it("a real parse given a tiny deadline ends as parse_timeout", async () => {
    const bytes = await makePdf([["The shop opens at 7 am and closes at 9 pm."]]);
    expect(error(await parseDocument({ name: "slow.pdf", bytes }, { timeoutMs: 5 }))).toBe("parse_timeout");
  });

  it("a parser that eats memory is stopped at its heap limit", async () => {
    const r = await runWorker(hog, {}, { timeoutMs: 15_000, maxHeapMb: 32, maxRssMb: 1024 });
    expect(r).toMatchObject({ ok: false, error: "file_too_complex" });
  });

  it("memory outside the heap (decoded buffers) is bounded too: the whole process is killed at its ceiling", async () => {
    const r = await runWorker(
      buffers,
      {},
      { timeoutMs: 15_000, maxHeapMb: 512, maxRssMb: 160, onChild: (c) => (child = c) },
    );
    expect(r).toMatchObject({ ok: false, error: "file_too_complex" });
    expect(!r.ok && r.detail).toMatch(/ceiling 160 MB/);
    expect(child!.signalCode).toBe("SIGKILL");
  });
});

describe("every failure has a message for people", () => {
  it.each([
    ["en", en.errors],
    ["vi", vi.errors],
  ])("in %s", (_, errors) => {
    const texts = errors as Record<string, unknown>;
    const missing = parseErrorKeys.filter((k) => typeof texts[`ingest_${k}`] !== "string");
    expect(missing).toEqual([]);
    expect(texts.ingest_type_mismatch).toContain("{extension}");
    expect(texts.ingest_file_too_large).toContain("{limit}");
  });
});
