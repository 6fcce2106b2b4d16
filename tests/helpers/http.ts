import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

export async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl() + path, { headers, redirect: "manual" });
  return { res, status: res.status, text: await res.text() };
}

/** The first match of a regex's first group in an HTML document. */
export function pick(html: string, re: RegExp): string | undefined {
  return html.match(re)?.[1];
}

export const htmlLang = (html: string) => pick(html, /<html[^>]*\slang="([^"]+)"/);
export const layoutOf = (html: string) => pick(html, /data-layout="([a-z]+)"/);
export const titleOf = (html: string) => pick(html, /<title>([^<]*)<\/title>/);

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(buf: Buffer): { width: number; height: number } {
  const signature = "89504e470d0a1a0a";
  if (buf.subarray(0, 8).toString("hex") !== signature) throw new Error("not a PNG");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
