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

export type ApiErrorBody = { error?: { message: string; detail: string; fields?: Record<string, string> } };

/**
 * An API call with a bearer token: JSON bodies sent as JSON, FormData as multipart; the answer's status and
 * parsed JSON body (with the error shape when it failed).
 */
export async function bearerCall<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  lang = "en",
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, "accept-language": lang };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: payload });
  return { status: res.status, body: (await res.json()) as T & ApiErrorBody };
}
