import { readFileSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { csvLine } from "@/lib/export/csv";
import { zonedIso } from "@/lib/export/time";
import { ZipFileWriter } from "@/lib/export/zip";
import { tempDirs } from "../helpers/temp";

const tempDir = tempDirs("export-zip");

describe("the export's streamed ZIP", () => {
  it("holds every entry as written: text pushed in pieces, bytes stored as they are, UTF-8 names", async () => {
    const file = path.join(tempDir(), "out.zip");
    const zip = new ZipFileWriter(file);
    const rows = zip.entry("agents/a/messages.csv");
    await rows.write("\uFEFFid,text\r\n");
    for (let i = 0; i < 20_000; i++) await rows.write(`${i},Tiệm mở cửa lúc mấy giờ? ${i}\r\n`);
    await rows.end();
    const pdf = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
    await zip.file("agents/a/documents/1-bảng giá.pdf", pdf);
    await zip.file("workspace.json", "{}\n");
    const bytes = await zip.close();
    const data = readFileSync(file);
    expect(data.byteLength).toBe(bytes);
    const files = unzipSync(new Uint8Array(data));
    expect(Object.keys(files)).toEqual([
      "agents/a/messages.csv",
      "agents/a/documents/1-bảng giá.pdf",
      "workspace.json",
    ]);
    const csv = new TextDecoder().decode(files["agents/a/messages.csv"]);
    expect([...files["agents/a/messages.csv"]!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.startsWith("id,text\r\n")).toBe(true); // TextDecoder drops the BOM
    expect(csv.split("\r\n")).toHaveLength(20_002);
    expect(csv).toContain("19999,Tiệm mở cửa lúc mấy giờ? 19999\r\n");
    expect(files["agents/a/documents/1-bảng giá.pdf"]).toEqual(pdf);
    expect(new TextDecoder().decode(files["workspace.json"])).toBe("{}\n");
  });

  it("refuses a second open entry", () => {
    const zip = new ZipFileWriter(path.join(tempDir(), "two.zip"));
    zip.entry("a.txt");
    expect(() => zip.entry("b.txt")).toThrow(/still open/);
    zip.abort();
  });
});

describe("the export's CSV and times", () => {
  it("quotes, doubles quotes and defuses formulas", () => {
    expect(csvLine(["a", 'say "hi", ok', "=SUM(A1)", "+1", "line\nbreak"])).toBe(
      `a,"say ""hi"", ok",'=SUM(A1),'+1,"line\nbreak"\r\n`,
    );
  });

  it("writes instants in the zone with its offset, UTC as Z", () => {
    const at = new Date("2026-11-20T01:30:05.123Z");
    expect(zonedIso(at, "UTC")).toBe("2026-11-20T01:30:05Z");
    expect(zonedIso(at, "Asia/Ho_Chi_Minh")).toBe("2026-11-20T08:30:05+07:00");
    expect(zonedIso(at, "America/New_York")).toBe("2026-11-19T20:30:05-05:00");
  });
});
