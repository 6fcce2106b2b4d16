/**
 * Writes the app's icons from the logo (components/shell/logo.tsx: a lucide "messages-square" on an
 * indigo-to-teal rounded square): app/icon.svg, app/favicon.ico, app/apple-icon.png and the manifest's
 * PNGs under public/icons. Run after changing the logo: `node_modules/.bin/tsx scripts/icons.ts`.
 */
import { writeFileSync } from "node:fs";
import sharp from "sharp";

const PATHS = [
  "M16 10a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 14.286V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z",
  "M20 9a2 2 0 0 1 2 2v10.286a.71.71 0 0 1-1.212.502l-2.202-2.202A2 2 0 0 0 17.172 19H10a2 2 0 0 1-2-2v-1",
];

/** `radius` 0 is full bleed (Apple rounds it; a maskable icon is cropped); `glyph` is the icon's share. */
function svg(radius: number, glyph: number): string {
  const scale = (32 * glyph) / 24;
  const offset = (32 - 24 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <title>AgentCity</title>
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#14b8a6"/>
  </linearGradient></defs>
  <rect width="32" height="32" rx="${radius}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    ${PATHS.map((d) => `<path d="${d}"/>`).join("\n    ")}
  </g>
</svg>
`;
}

const png = (source: string, size: number) =>
  sharp(Buffer.from(source), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();

/** An .ico holding PNG images (every browser since IE 11 reads them). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

const rounded = svg(7, 0.5625);
const bleed = svg(0, 0.5);
writeFileSync("app/icon.svg", rounded);
const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })));
writeFileSync("app/favicon.ico", ico(small));
writeFileSync("app/apple-icon.png", await png(bleed, 180));
writeFileSync("public/icons/icon-192.png", await png(rounded, 192));
writeFileSync("public/icons/icon-512.png", await png(rounded, 512));
writeFileSync("public/icons/maskable-512.png", await png(svg(0, 0.45), 512));
