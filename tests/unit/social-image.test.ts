import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { renderSocialImage, socialImageSize } from "@/lib/seo/social-image";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which the PNG format requires to come first. */
function pngHeader(buf: Buffer) {
  return {
    signature: buf.subarray(0, 8).equals(PNG_SIGNATURE),
    firstChunk: buf.toString("latin1", 12, 16),
    width: buf.readUInt32BE(16),
    height: buf.readUInt32BE(20),
  };
}

async function render(locale: "en" | "vi"): Promise<Buffer> {
  const res = await renderSocialImage(locale);
  expect(res.headers.get("content-type")).toBe("image/png");
  return Buffer.from(await res.arrayBuffer());
}

describe("social preview image", () => {
  it("renders a 1200x630 PNG per language, different for English and Vietnamese", async () => {
    expect(socialImageSize).toEqual({ width: 1200, height: 630 });
    const en = await render("en");
    const vi = await render("vi");
    for (const png of [en, vi]) {
      expect(pngHeader(png)).toEqual({ signature: true, firstChunk: "IHDR", width: 1200, height: 630 });
      // A blank or text-less frame compresses to a few KB; real text and gradient do not.
      expect(png.length).toBeGreaterThan(20_000);
    }
    expect(en.equals(vi)).toBe(false);
    // Kept for a person to look at: the Vietnamese one must show diacritics, not boxes.
    await writeFile("/tmp/og-en.png", en);
    await writeFile("/tmp/og-vi.png", vi);
  });
});
