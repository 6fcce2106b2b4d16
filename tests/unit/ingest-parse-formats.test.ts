import { describe, expect, it } from "vitest";
import { defaultLimits, type ParseResult, type ParseSuccess, parseDocument } from "@/lib/ingest/parse";
import { extract } from "@/lib/ingest/parse/extract";
import { makeDocx, makePdf, makeXls, makeXlsx, utf8 } from "@/tests/helpers/ingest-fixtures";

/**
 * Each accepted format, in English and in Vietnamese, through the real worker: the exact text that comes
 * out, its sections and headings, spreadsheet rows carrying their header names, NFC.
 */
const EN = "The shop opens at 7 am and closes at 9 pm.";
const VI = "Cửa hàng mở cửa từ 7 giờ sáng đến 9 giờ tối.";

function ok(result: ParseResult): ParseSuccess {
  if (!result.ok) throw new Error(`parse failed: ${result.error} (${result.detail})`);
  return result;
}

describe("plain text", () => {
  it("reads English .txt and tidies whitespace", async () => {
    const r = ok(
      await parseDocument({
        name: "hours.txt",
        bytes: utf8(`  Opening hours\r\n\r\n\r\n\r\n${EN}   \t Welcome!\n`),
      }),
    );
    expect(r.type).toBe("txt");
    expect(r.text).toBe(`Opening hours\n\n${EN} Welcome!`);
    expect(r.sections).toEqual([{ heading: null, text: r.text }]);
    expect(r.characters).toBe(r.text.length);
    expect(r.language).toBe("en");
  });

  it("turns decomposed (NFD) Vietnamese into NFC", async () => {
    const nfd = VI.normalize("NFD");
    expect(nfd).not.toBe(VI);
    const r = ok(await parseDocument({ name: "gio-mo-cua.txt", bytes: utf8(nfd) }));
    expect(r.text).toBe(VI);
    expect(r.characters).toBe([...VI].length);
    expect(r.language).toBe("vi");
  });

  it("reads UTF-16 with a BOM and UTF-8 with a BOM", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VI, "utf16le")]);
    expect(ok(await parseDocument({ name: "a.txt", bytes: new Uint8Array(le) })).text).toBe(VI);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(EN)]);
    expect(ok(await parseDocument({ name: "b.txt", bytes: new Uint8Array(bom) })).text).toBe(EN);
  });

  it("takes a pasted snippet as type text", async () => {
    const r = ok(await parseDocument({ name: "Giờ mở cửa", type: "text", bytes: utf8(VI) }));
    expect(r.type).toBe("text");
    expect(r.text).toBe(VI);
  });
});

describe("markdown", () => {
  it("keeps # and setext headings with their passages, drops markup", async () => {
    const md = [
      "# Opening hours",
      "",
      `**${EN}**`,
      "",
      "Contact",
      "-------",
      "- Call [us](https://example.com) at `0123`",
      "```",
      "# not a heading",
      "```",
    ].join("\n");
    const r = ok(await parseDocument({ name: "info.md", bytes: utf8(md) }));
    expect(r.sections).toEqual([
      { heading: "Opening hours", text: EN },
      { heading: "Contact", text: "Call us at 0123\n# not a heading" },
    ]);
    expect(r.text).toBe(`Opening hours\n${EN}\n\nContact\nCall us at 0123\n# not a heading`);
  });

  it("reads Vietnamese headings, nested headings carried as context", async () => {
    const md = `# Thông tin cửa hàng\n## Giờ mở cửa\n${VI.normalize("NFD")}\n`;
    const r = ok(await parseDocument({ name: "thong-tin.md", bytes: utf8(md) }));
    expect(r.sections).toEqual([{ heading: "Thông tin cửa hàng › Giờ mở cửa", text: VI }]);
  });
});

describe("html", () => {
  it("keeps the main content with h1–h6 sections and drops script, style, nav and footer", async () => {
    const html = `<!doctype html><html><head><title>Shop</title><style>p{color:red}</style></head><body>
      <nav><a href="/">Home</a> <a href="/menu">Menu</a></nav>
      <header>Big banner</header>
      <main><h1>Opening hours</h1><p>${EN}</p><script>alert("x")</script>
      <h2>Prices</h2><table><tr><th>Item</th><th>Price</th></tr><tr><td>Coffee</td><td>&dollar;2</td></tr></table></main>
      <footer>© 2025 Shop &amp; Co</footer></body></html>`;
    const r = ok(await parseDocument({ name: "index.html", bytes: utf8(html) }));
    expect(r.sections).toEqual([
      { heading: "Opening hours", text: EN },
      { heading: "Prices", text: "Item | Price\nCoffee | $2" },
    ]);
    expect(r.text).not.toMatch(/Home|banner|alert|color:red|2025/);
  });

  it("reads a Vietnamese page without <main>, decoding entities", async () => {
    const html = `<html><body><nav>Trang chủ</nav><h1>Giờ mở cửa</h1><p>${VI.replace("ử", "&#7917;")}<br>Thứ Hai<br/>Thứ Ba</p><footer>Liên hệ</footer></body></html>`;
    const r = ok(await parseDocument({ name: "gio.htm", bytes: utf8(html) }));
    expect(r.sections).toEqual([{ heading: "Giờ mở cửa", text: `${VI}\nThứ Hai\nThứ Ba` }]);
  });
});

describe("csv", () => {
  it("renders each row with the header names (comma, quotes, English)", async () => {
    const csv = `Question,Answer\n"When do you open?","${EN}"\n"Do you deliver?","Yes, within 5 km"\n`;
    const r = ok(await parseDocument({ name: "faq.csv", bytes: utf8(csv) }));
    expect(r.sections).toEqual([
      {
        heading: null,
        text: `Question: When do you open?; Answer: ${EN}\nQuestion: Do you deliver?; Answer: Yes, within 5 km`,
      },
    ]);
  });

  it("reads semicolon-separated Vietnamese with a BOM", async () => {
    const csv = `\ufeffTên sản phẩm;Giá;Ghi chú\nBánh mì;25.000 ₫;${VI}\nCà phê sữa;"30.000 ₫";\n`;
    const r = ok(await parseDocument({ name: "bang-gia.csv", bytes: utf8(csv.normalize("NFD")) }));
    expect(r.text).toBe(
      `Tên sản phẩm: Bánh mì; Giá: 25.000 ₫; Ghi chú: ${VI}\nTên sản phẩm: Cà phê sữa; Giá: 30.000 ₫`,
    );
  });
});

describe("docx", () => {
  it("keeps Title and heading styles (by name and by id) with their paragraphs; tables as rows", async () => {
    const bytes = makeDocx([
      { style: "Title", text: "Shop handbook" },
      { style: "u1", text: "Opening hours" },
      { text: EN },
      { text: "We are closed on holidays." },
      { style: "Heading2", text: "Prices" },
      {
        table: [
          ["Item", "Price"],
          ["Coffee", "$2"],
        ],
      },
    ]);
    const r = ok(await parseDocument({ name: "handbook.docx", bytes }));
    expect(r.type).toBe("docx");
    expect(r.sections).toEqual([
      { heading: "Shop handbook › Opening hours", text: `${EN}\nWe are closed on holidays.` },
      { heading: "Prices", text: "Item | Price\nCoffee | $2" },
    ]);
  });

  it("reads Vietnamese, NFD in the file, NFC out", async () => {
    const bytes = makeDocx([
      { style: "Heading1", text: "Giờ mở cửa".normalize("NFD") },
      { text: VI.normalize("NFD") },
    ]);
    const r = ok(await parseDocument({ name: "so-tay.docx", bytes }));
    expect(r.sections).toEqual([{ heading: "Giờ mở cửa", text: VI }]);
    expect(r.language).toBe("vi");
  });
});

describe("xlsx", () => {
  it("gives one section per sheet, each row with its header names", async () => {
    const bytes = makeXlsx([
      {
        name: "Bảng giá",
        rows: [
          ["Tên sản phẩm", "Giá", "Còn hàng"],
          ["Bánh mì", "25.000 ₫", 12],
          ["Cà phê", "30.000 ₫", ""],
        ],
      },
      {
        name: "FAQ",
        rows: [
          ["Question", "Answer"],
          ["When do you open?", EN],
          ["Khi nào mở cửa?", VI.normalize("NFD")],
        ],
      },
    ]);
    const r = ok(await parseDocument({ name: "shop.xlsx", bytes }));
    expect(r.sections).toEqual([
      {
        heading: "Bảng giá",
        text: "Tên sản phẩm: Bánh mì; Giá: 25.000 ₫; Còn hàng: 12\nTên sản phẩm: Cà phê; Giá: 30.000 ₫",
      },
      {
        heading: "FAQ",
        text: `Question: When do you open?; Answer: ${EN}\nQuestion: Khi nào mở cửa?; Answer: ${VI}`,
      },
    ]);
  });
});

describe("xlsx money cells (issue 43 item 21)", () => {
  it("reads a number formatted as money as the amount it shows; other numbers stay numbers", async () => {
    const bytes = makeXlsx([
      {
        name: "Bảng giá",
        rows: [
          ["Sản phẩm", "Giá", "Giá USD", "Số lượng"],
          [
            "Bánh kem",
            { value: 350000, format: '#,##0 "₫"' },
            { value: 14, format: '"$"#,##0.00' },
            { value: 1200, format: "#,##0" },
          ],
          [
            "Bánh mì",
            { value: 25000, format: "#,##0 [$₫-42A]" },
            { value: 1.5, format: "[$$-409]#,##0.00" },
            3,
          ],
        ],
      },
    ]);
    const r = ok(await parseDocument({ name: "gia.xlsx", bytes }));
    expect(r.sections[0]!.text).toBe(
      "Sản phẩm: Bánh kem; Giá: 350.000 ₫; Giá USD: $14.00; Số lượng: 1200\n" +
        "Sản phẩm: Bánh mì; Giá: 25.000 ₫; Giá USD: $1.50; Số lượng: 3",
    );
  });
});

describe("xls (BIFF8)", () => {
  it("reads English and Vietnamese rows with header names", async () => {
    const bytes = makeXls([
      {
        name: "Giá",
        rows: [
          ["Tên sản phẩm", "Giá"],
          ["Bánh mì", "25.000 ₫"],
          ["Ghi chú", VI],
        ],
      },
      {
        name: "Hours",
        rows: [
          ["Day", "Hours"],
          ["Monday", EN],
        ],
      },
    ]);
    const r = ok(await parseDocument({ name: "cu.xls", bytes }));
    expect(r.type).toBe("xls");
    expect(r.sections).toEqual([
      { heading: "Giá", text: `Tên sản phẩm: Bánh mì; Giá: 25.000 ₫\nTên sản phẩm: Ghi chú; Giá: ${VI}` },
      { heading: "Hours", text: `Day: Monday; Hours: ${EN}` },
    ]);
  });
});

describe("pdf", () => {
  it("reads the text layer page by page, English and Vietnamese", async () => {
    const bytes = await makePdf([
      ["Opening hours", EN],
      ["Giờ mở cửa", VI],
    ]);
    const r = ok(await parseDocument({ name: "hours.pdf", bytes }));
    expect(r.type).toBe("pdf");
    expect(r.sections).toEqual([
      { heading: null, text: `Opening hours\n${EN}` },
      { heading: null, text: `Giờ mở cửa\n${VI}` },
    ]);
    // The same in the calling thread, and pdf.js must not have detached the caller's buffer.
    const size = bytes.length;
    const again = await extract(bytes, "hours.pdf", defaultLimits);
    expect(bytes.length).toBe(size);
    expect(again).toEqual(r);
  });

  it("keeps headings (lines set larger than the body) as headings, across pages", async () => {
    const bytes = await makePdf(
      [
        ["Hồ bơi", "Hồ bơi mở cửa từ 6 giờ sáng.", "Giặt ủi", "Giặt ủi 40.000 đồng một kg."],
        ["Trả đồ trong ngày."],
      ],
      {
        sizes: { "Hồ bơi": 18, "Giặt ủi": 18 },
      },
    );
    const r = ok(await parseDocument({ name: "guide.pdf", bytes }));
    expect(r.sections).toEqual([
      { heading: "Hồ bơi", text: "Hồ bơi mở cửa từ 6 giờ sáng." },
      { heading: "Giặt ủi", text: "Giặt ủi 40.000 đồng một kg.\n\nTrả đồ trong ngày." },
    ]);
  });
});
