import { defaultLimits, type ParsableType } from "../../lib/ingest/parse/index.ts";
import { makeDocx, makePdf, makeXls, makeXlsx, utf8 } from "../../tests/helpers/ingest-fixtures.ts";

/** The benchmarks' sample files: just under 1 MB of each accepted type, the same bytes on every run. */
const words = (
  "cửa hàng mở cửa từ giờ sáng đến tối bánh mì cà phê sữa giá đồng khách hàng giao hàng miễn phí trong " +
  "thành phố Hồ Chí Minh the shop opens at am and closes at pm coffee bread price delivery free within city " +
  "customers order online menu today special weekend holiday"
).split(" ");
// mulberry32: a fixed seed keeps the files the same from run to run.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const sentence = () =>
  `${Array.from({ length: 8 + Math.floor(random() * 10) }, () => words[Math.floor(random() * words.length)]).join(" ")} ${Math.floor(random() * 1000)}.`;
const paragraphs = (n: number) =>
  Array.from({ length: n }, () => `${sentence()} ${sentence()} ${sentence()}`);

const target = 0.95 * 1024 * 1024;

/** Finds a count whose file is just under 1 MB: one probe, scaled, then trimmed. */
async function sized(
  build: (n: number) => Uint8Array | Promise<Uint8Array>,
  probe: number,
): Promise<Uint8Array> {
  const small = await build(probe);
  let n = Math.floor((probe * target) / small.length);
  let bytes = await build(n);
  while (bytes.length > defaultLimits.maxBytes) {
    n = Math.floor(n * 0.95);
    bytes = await build(n);
  }
  return bytes;
}

export async function sampleFiles(): Promise<[ParsableType, string, Uint8Array][]> {
  return [
    ["txt", "bench.txt", await sized((n) => utf8(paragraphs(n).join("\n\n")), 200)],
    [
      "md",
      "bench.md",
      await sized(
        (n) =>
          utf8(
            paragraphs(n)
              .map((p, i) => (i % 10 === 0 ? `## Mục ${i}\n\n${p}` : p))
              .join("\n\n"),
          ),
        200,
      ),
    ],
    [
      "html",
      "bench.html",
      await sized(
        (n) =>
          utf8(
            `<html><body><nav>menu</nav><main>${paragraphs(n)
              .map((p, i) => (i % 10 === 0 ? `<h2>Mục ${i}</h2><p>${p}</p>` : `<p>${p}</p>`))
              .join("")}</main></body></html>`,
          ),
        200,
      ),
    ],
    [
      "csv",
      "bench.csv",
      await sized(
        (n) =>
          utf8(
            ["Tên sản phẩm,Giá,Mô tả", ...paragraphs(n).map((p, i) => `Món ${i},${i * 1000} ₫,"${p}"`)].join(
              "\n",
            ),
          ),
        200,
      ),
    ],
    [
      "docx",
      "bench.docx",
      await sized(
        (n) => makeDocx(paragraphs(n).map((text, i) => ({ text, style: i % 10 ? undefined : "Heading2" }))),
        500,
      ),
    ],
    [
      "xlsx",
      "bench.xlsx",
      await sized(
        (n) =>
          makeXlsx([
            {
              name: "Bảng giá",
              rows: [["Tên", "Giá", "Mô tả"], ...paragraphs(n).map((p, i) => [`Món ${i}`, i * 1000, p])],
            },
          ]),
        500,
      ),
    ],
    [
      "xls",
      "bench.xls",
      await sized(
        (n) =>
          makeXls([
            {
              name: "Bảng giá",
              rows: [["Tên", "Giá", "Mô tả"], ...paragraphs(n).map((p, i) => [`Món ${i}`, i * 1000, p])],
            },
          ]),
        200,
      ),
    ],
    ["pdf", "bench.pdf", await sized((n) => makePdf(Array.from({ length: n }, () => paragraphs(6))), 10)],
  ];
}
