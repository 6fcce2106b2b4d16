import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync, deflateSync, constants as zlibConstants } from "node:zlib";
import * as XLSX from "@e965/xlsx";
import PDFDocument from "pdfkit";

/**
 * Files for the parser tests, made on the spot so every fixture is visible in code: Office zips written
 * entry by entry (sizes can lie on purpose), PDFs through pdfkit with a font that has Vietnamese glyphs.
 */

const enc = new TextEncoder();
export const utf8 = (s: string) => enc.encode(s);

export type ZipInput = {
  name: string;
  data: Uint8Array;
  /** Already-deflated bytes to store instead of compressing `data`. */
  raw?: Uint8Array;
  /** Size written in the headers when it should lie. */
  declaredSize?: number;
  stored?: boolean;
};

export function makeZip(entries: ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const body = e.raw ?? (e.stored ? Buffer.from(e.data) : deflateRawSync(e.data));
    const size = e.declaredSize ?? e.data.length;
    const crc = crc32(e.data);
    const method = e.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(body));
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

/**
 * A deflate stream of `megabytes` MB of one repeated byte, built by repeating one sync-flushed block, so a
 * 200 MB bomb costs milliseconds to make and about 1 KB per MB.
 */
export function deflateBomb(megabytes: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x61), {
    level: 9,
    finishFlush: zlibConstants.Z_SYNC_FLUSH,
  });
  // A final, empty fixed-Huffman block ends the stream.
  return new Uint8Array(
    Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]),
  );
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>${main}</Types>`;

export type DocxParagraph = { style?: string; text: string } | { table: string[][] };

export function docxXml(paragraphs: DocxParagraph[], prolog = ""): string {
  const body = paragraphs
    .map((p) => {
      if ("table" in p)
        return `<w:tbl>${p.table
          .map(
            (r) =>
              `<w:tr>${r.map((c) => `<w:tc><w:p><w:r><w:t>${esc(c)}</w:t></w:r></w:p></w:tc>`).join("")}</w:tr>`,
          )
          .join("")}</w:tbl>`;
      const style = p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : "";
      // Two runs per paragraph, as Word writes them, to prove runs are joined without a gap.
      const half = Math.floor(p.text.length / 2);
      return `<w:p>${style}<w:r><w:t xml:space="preserve">${esc(p.text.slice(0, half))}</w:t></w:r><w:r><w:t xml:space="preserve">${esc(p.text.slice(half))}</w:t></w:r></w:p>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${prolog}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
}

export function makeDocx(paragraphs: DocxParagraph[], options: { documentXml?: string } = {}): Uint8Array {
  const styles = `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="u1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>`;
  return makeZip([
    {
      name: "[Content_Types].xml",
      data: utf8(
        contentTypes(
          `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>`,
        ),
      ),
    },
    {
      name: "_rels/.rels",
      data: utf8(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
    },
    { name: "word/document.xml", data: utf8(options.documentXml ?? docxXml(paragraphs)) },
    { name: "word/styles.xml", data: utf8(styles) },
  ]);
}

/** An xlsx with shared strings for text cells and numbers as numbers. */
/** A number shown through a number format (e.g. `#,##0 "₫"`), as a spreadsheet program stores it. */
export type FormattedNumber = { value: number; format: string };

export function makeXlsx(
  sheets: { name: string; rows: (string | number | FormattedNumber)[][] }[],
): Uint8Array {
  // Each distinct format is a custom numFmt (ids from 164) and a cellXfs entry (style 0 is the default).
  const formats: string[] = [];
  const styleOf = (format: string) => {
    if (!formats.includes(format)) formats.push(format);
    return formats.indexOf(format) + 1;
  };
  const strings: string[] = [];
  const index = (s: string) => {
    const at = strings.indexOf(s);
    if (at >= 0) return at;
    strings.push(s);
    return strings.length - 1;
  };
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetXml = sheets.map(
    (sheet) =>
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet.rows
        .map(
          (r, ri) =>
            `<row r="${ri + 1}">${r
              .map((v, ci) =>
                typeof v === "object"
                  ? `<c r="${col(ci)}${ri + 1}" s="${styleOf(v.format)}"><v>${v.value}</v></c>`
                  : typeof v === "number"
                    ? `<c r="${col(ci)}${ri + 1}"><v>${v}</v></c>`
                    : v === ""
                      ? ""
                      : `<c r="${col(ci)}${ri + 1}" t="s"><v>${index(v)}</v></c>`,
              )
              .join("")}</row>`,
        )
        .join("")}</sheetData></worksheet>`,
  );
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
    .map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("")}</sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join("")}</Relationships>`;
  const shared = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`)
    .join("")}</sst>`;
  return makeZip([
    {
      name: "[Content_Types].xml",
      data: utf8(
        contentTypes(
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
        ),
      ),
    },
    { name: "xl/workbook.xml", data: utf8(workbook) },
    { name: "xl/_rels/workbook.xml.rels", data: utf8(rels) },
    { name: "xl/sharedStrings.xml", data: utf8(shared) },
    ...(formats.length
      ? [
          {
            name: "xl/styles.xml",
            data: utf8(
              `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${formats.length}">${formats
                .map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${esc(f)}"/>`)
                .join(
                  "",
                )}</numFmts><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="${formats.length + 1}"><xf numFmtId="0"/>${formats
                .map((_, i) => `<xf numFmtId="${164 + i}" applyNumberFormat="1"/>`)
                .join("")}</cellXfs></styleSheet>`,
            ),
          },
        ]
      : []),
    ...sheetXml.map((x, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: utf8(x) })),
  ]);
}

/** A BIFF8 .xls written by SheetJS (the same library reads it back, but through our worker and rows). */
export function makeXls(sheets: { name: string; rows: (string | number)[][] }[]): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(s.rows), s.name);
  return new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "biff8" }) as Buffer);
}

const fontPath = path.resolve(
  import.meta.dirname,
  "../../node_modules/@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf",
);

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.end();
  });
}

/**
 * A PDF with a real text layer: one page per entry, each line drawn as text in Be Vietnam Pro, 12 pt
 * unless `sizes` sets a line's size (a heading).
 */
export function makePdf(
  pages: string[][],
  options: { userPassword?: string; sizes?: Record<string, number> } = {},
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    userPassword: options.userPassword,
    pdfVersion: "1.7",
  });
  doc.registerFont("body", readFileSync(fontPath));
  for (const lines of pages) {
    doc.addPage({ size: "A4", margin: 50 });
    doc.font("body");
    for (const line of lines) doc.fontSize(options.sizes?.[line] ?? 12).text(line);
  }
  return collect(doc);
}

/** A tiny grey PNG, made by hand so no image library is needed. */
export function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** What a scanner produces: pages that are only an image. */
export function makeScannedPdf(): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A4" });
  doc.image(makePng(64, 64), 50, 50, { width: 400 });
  return collect(doc);
}
