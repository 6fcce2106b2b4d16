import { randomBytes } from "node:crypto";
import { deflateRawSync, deflateSync, constants as zlibConstants } from "node:zlib";
import { makeZip, utf8 } from "./ingest-fixtures";

/**
 * Hostile files from issue 13, made on the spot (nothing committed as a blob). Each is small on the wire
 * and huge once decoded or rendered.
 */

const MB = 1024 * 1024;

/**
 * A zlib stream of `megabytes` MB of spaces without ever holding them: independent raw-deflate segments
 * ended by a sync flush concatenate into one valid stream (none refers back to another), then a final
 * empty block. The Adler-32 trailer is left zero: pdf.js does not check it, and neither does the scan.
 */
export function zlibOfSpaces(megabytes: number, prefix = ""): Uint8Array {
  const segmentMb = Math.min(64, megabytes);
  const segment = deflateRawSync(Buffer.alloc(segmentMb * MB, 0x20), {
    level: 9,
    finishFlush: zlibConstants.Z_SYNC_FLUSH,
  });
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  if (prefix)
    parts.push(deflateRawSync(Buffer.from(prefix, "latin1"), { finishFlush: zlibConstants.Z_SYNC_FLUSH }));
  for (let done = 0; done < megabytes; done += segmentMb) parts.push(segment);
  parts.push(deflateRawSync(Buffer.alloc(0)), Buffer.alloc(4));
  return new Uint8Array(Buffer.concat(parts));
}

/** A PDF from numbered objects (each `[dictionary, stream bytes?]`), with a correct xref table. */
function assemblePdf(objects: [string, Uint8Array?][]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach(([dict, stream], i) => {
    offsets.push(length);
    const body = stream
      ? Buffer.concat([
          Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, "latin1"),
          Buffer.from(stream),
          Buffer.from("\nendstream\nendobj\n", "latin1"),
        ])
      : Buffer.from(`${i + 1} 0 obj\n${dict}\nendobj\n`, "latin1");
    parts.push(body);
    length += body.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF\n",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Issue 13's PDF stream bomb: one page with a line of real text whose content stream inflates to
 * `inflatedMb` MB of spaces, plus an incompressible image (never decoded for text) that brings the file
 * to about `fileKb` KB.
 */
export function pdfStreamBomb(inflatedMb = 700, fileKb = 900): Uint8Array {
  const content = zlibOfSpaces(inflatedMb, "BT /F1 12 Tf 72 700 Td (Opening hours: 7 am to 9 pm) Tj ET\n");
  const imageBytes = Math.max(1024, fileKb * 1024 - content.length - 2048);
  const image = deflateSync(randomBytes(imageBytes), { level: 0 });
  return assemblePdf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    [
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>",
    ],
    [`<< /Length ${content.length} /Filter /FlateDecode >>`, content],
    ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"],
    [
      `<< /Type /XObject /Subtype /Image /Width ${imageBytes} /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode /Length ${image.length} >>`,
      image,
    ],
  ]);
}

/** A small honest PDF: its text in one Flate content stream, for checking that the scan lets it through. */
export function pdfWithText(lines: string[]): Uint8Array {
  const ops = lines.map((l, i) => `BT /F1 12 Tf 72 ${700 - i * 16} Td (${l}) Tj ET`).join("\n");
  const content = deflateSync(Buffer.from(ops, "latin1"));
  return assemblePdf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    [
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ],
    [`<< /Length ${content.length} /Filter /FlateDecode >>`, content],
    ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"],
  ]);
}

/** Issue 13's XLSX amplifier: one `length`-character shared string referenced by `cells` cells. */
export function xlsxSharedStringAmplifier(length = 1_000, cells = 20_000, perRow = 20): Uint8Array {
  const shared = "Bánh mì ".repeat(Math.ceil(length / 8)).slice(0, length);
  const rows: string[] = [];
  for (let r = 0; r < cells / perRow; r++) {
    const cs: string[] = [];
    for (let c = 0; c < perRow; c++)
      cs.push(`<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>0</v></c>`);
    rows.push(`<row r="${r + 1}">${cs.join("")}</row>`);
  }
  const ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return makeZip([
    {
      name: "[Content_Types].xml",
      data: utf8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
    },
    {
      name: "xl/workbook.xml",
      data: utf8(
        `<?xml version="1.0"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Prices" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: utf8(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/sharedStrings.xml",
      data: utf8(
        `<?xml version="1.0"?><sst xmlns="${ns}" count="${cells}" uniqueCount="1"><si><t>${shared}</t></si></sst>`,
      ),
    },
    {
      name: "xl/worksheets/sheet1.xml",
      data: utf8(
        `<?xml version="1.0"?><worksheet xmlns="${ns}"><sheetData>${rows.join("")}</sheetData></worksheet>`,
      ),
    },
  ]);
}

/** Issue 13's CSV of tiny rows: a header and as many one-character rows as fit in `bytes`. */
export function csvOfTinyRows(bytes = 1024 * 1024): Uint8Array {
  const header = "n\n";
  const rows = Math.floor((bytes - header.length) / 2);
  return utf8(header + "1\n".repeat(rows));
}
