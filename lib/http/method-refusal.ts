import "server-only";
import { ApiError } from "./errors";
import { requestLocale } from "./locale";
import { allowedMethods } from "./route-methods";
import { apiHeaders } from "./security-headers";

/**
 * What scripts/serve.ts answers to a method the app does not serve, before Next sees the request: a 405
 * naming the methods it does, in the API's error shape on an API path and as plain text elsewhere, with the
 * headers every non-page answer has.
 *
 * Why here and not in Next: fetch's Request refuses TRACE, TRACK and CONNECT, so Next (and the proxy) fail
 * on a TRACE with a bare 500; Node's parser refuses TRACK itself with a 400 and hands CONNECT to a
 * tunnelling event nothing listens to; and a WebDAV method such as PROPFIND rendered the page as for a GET.
 */

/** The methods the pages and route handlers answer (Next's own 405 covers a route without one of them). */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

const served: ReadonlySet<string> = new Set(SERVED_METHODS);

export function isServedMethod(method: string | undefined): boolean {
  return method !== undefined && served.has(method);
}

/** Paths whose answers are the API's JSON: the route handlers outside the pages (icon collections too). */
const API_PATH = /^\/(?:(?:api|oauth2)(?:\/|$)|latest\.json$|icons\/[^/]+$|embed\/[^/]+\/config\.json$)/;

export type Refusal = { status: 405; headers: Record<string, string>; body: string };

type Asker = { cookie?: string; acceptLanguage?: string };

/**
 * The 405 for a request to `target` (the request line's target, as sent). `cookie` and `acceptLanguage`
 * choose the language of the API's error detail, as for any API answer (a `?locale=` first). `Allow` names
 * the route handler's methods on its path, every served method elsewhere.
 */
export function methodRefusal(target: string, request: Asker = {}): Refusal {
  const url = targetUrl(target);
  const allow = (url && allowedMethods(url.pathname)) ?? SERVED_METHODS;
  const headers: Record<string, string> = { Allow: allow.join(", "), "Cache-Control": "no-store" };
  for (const { key, value } of apiHeaders()) headers[key] = value;
  if (url && API_PATH.test(url.pathname)) {
    const asked = new Request(url, {
      headers: {
        ...(request.cookie ? { cookie: request.cookie } : {}),
        ...(request.acceptLanguage ? { "accept-language": request.acceptLanguage } : {}),
      },
    });
    const body = JSON.stringify(new ApiError("method_not_allowed").body(requestLocale(asked)));
    return sized({ status: 405, headers: { ...headers, "Content-Type": "application/json" }, body });
  }
  return sized({
    status: 405,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    body: "405 Method Not Allowed\n",
  });
}

/**
 * The 405 for a served method that the route handler at `target` does not export, naming those it does.
 * Next's own answer to that is a 405 with an empty body and no `Allow`. Null when the method is the
 * route's, or the path is no route handler's (pages and files are Next's to answer).
 */
export function routeMethodRefusal(method: string, target: string, request: Asker = {}): Refusal | null {
  const url = targetUrl(target);
  const allow = url ? allowedMethods(url.pathname) : null;
  if (!allow || allow.includes(method)) return null;
  return methodRefusal(target, request);
}

/** A whole answer says its length: a kept-alive connection then knows where it ends. */
function sized(refusal: Refusal): Refusal {
  return withHeaders(refusal, { "Content-Length": String(Buffer.byteLength(refusal.body)) });
}

/** An origin-form target as a URL; null for the other forms (`*`, `host:port`, an absolute URL's junk). */
function targetUrl(target: string): URL | null {
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  try {
    return new URL(target, "http://localhost");
  } catch {
    return null;
  }
}

/** The refusal with headers the server adds to every answer (HSTS). */
export function withHeaders(refusal: Refusal, extra: Record<string, string>): Refusal {
  return { ...refusal, headers: { ...refusal.headers, ...extra } };
}

/** A refusal as the raw bytes of a whole HTTP/1.1 answer, for a socket Node has not made a response for. */
export function rawRefusal(refusal: Refusal): string {
  const lines = [
    `HTTP/1.1 ${refusal.status} Method Not Allowed`,
    ...Object.entries(refusal.headers).map(([k, v]) => `${k}: ${v}`),
    "Connection: close",
  ];
  return `${lines.join("\r\n")}\r\n\r\n${refusal.body}`;
}

/** A method name as RFC 9110 allows it (a token); anything else on a request line is not a method at all. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The request line and the headers that choose a language, read from the bytes Node's parser refused. Null
 * when they are not a request line with a well-formed method (a 400 then, as Node answers).
 */
export function refusedRequestHead(
  raw: Buffer | undefined,
): { method: string; target: string; cookie?: string; acceptLanguage?: string } | null {
  if (!raw) return null;
  const text = raw.subarray(0, 16 * 1024).toString("latin1");
  const [line = "", ...rest] = text.split("\r\n");
  const parts = line.split(" ");
  if (parts.length !== 3 || !TOKEN.test(parts[0]!) || !/^HTTP\/1\.[01]$/.test(parts[2]!)) return null;
  const header = (name: string) => {
    const found = rest.find((h) => h.toLowerCase().startsWith(`${name}:`));
    return found?.slice(name.length + 1).trim() || undefined;
  };
  return {
    method: parts[0]!,
    target: parts[1]!,
    cookie: header("cookie"),
    acceptLanguage: header("accept-language"),
  };
}

/**
 * What Node answers itself to a request its parser refused (node's lib/_http_server.js), which a
 * `clientError` listener takes over: the same, but a 405 for a well-formed method Node does not know (TRACK).
 */
export function clientErrorAnswer(
  err: { code?: string; rawPacket?: Buffer },
  extraHeaders: Record<string, string> = {},
): string {
  if (err.code === "HPE_INVALID_METHOD") {
    const head = refusedRequestHead(err.rawPacket);
    if (head) return rawRefusal(withHeaders(methodRefusal(head.target, head), extraHeaders));
  }
  const status =
    err.code === "HPE_HEADER_OVERFLOW"
      ? "431 Request Header Fields Too Large"
      : err.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW"
        ? "413 Payload Too Large"
        : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
  return `HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`;
}
