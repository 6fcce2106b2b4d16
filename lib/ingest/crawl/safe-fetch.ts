import "server-only";
import { lookup } from "node:dns/promises";
import { isIP, type Socket } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { Agent, buildConnector, request } from "undici";
import { addressAllowed } from "./address-policy";
import { CrawlError } from "./errors";

/** Resolves a host name to its addresses; injectable so tests can play a rebinding DNS server. */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export type FetchLimits = {
  /** TCP (and TLS) connection set-up */
  connectTimeoutMs: number;
  /** from request sent to response headers, and between two body chunks */
  headersTimeoutMs: number;
  /** the whole fetch: every redirect hop and the body */
  totalTimeoutMs: number;
  /** decoded body bytes; beyond this the download stops */
  maxBytes: number;
  maxRedirects: number;
};

export const DEFAULT_LIMITS: FetchLimits = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  totalTimeoutMs: 20_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
};

export const USER_AGENT = "Mozilla/5.0 (compatible; AgentCity/1.0; +https://agentcity.ai/bot)";

export type FetcherOptions = Partial<FetchLimits> & {
  /** Loopback (127.0.0.0/8, ::1) and any port become reachable; private networks stay refused. */
  allowPrivate?: boolean;
  resolve?: Resolve;
  userAgent?: string;
  /** connections kept per origin */
  connections?: number;
};

export type FetchOptions = {
  signal?: AbortSignal;
  /** Content types (without parameters) to accept; others fail with `not_html`. Default: `isTextual`. */
  accept?: (mime: string) => boolean;
  /** Overrides the fetcher's `maxBytes` for this call (robots.txt is capped lower). */
  maxBytes?: number;
  /**
   * What the page answered last time: sent as If-None-Match / If-Modified-Since, so an unchanged page
   * answers 304 without its body (a re-crawl).
   */
  validators?: Validators;
};

export type Validators = { etag?: string | null; lastModified?: string | null };

export type Fetched = {
  /** the address that answered, after redirects */
  url: string;
  status: number;
  /** the media type without parameters, lower case ("" when the server sent none) */
  mime: string;
  body: string;
  bytes: number;
  /** the page's validators, kept for the next re-crawl ("" when the server sent none) */
  etag: string;
  lastModified: string;
};

export type Fetcher = {
  fetch(url: string | URL, options?: FetchOptions): Promise<Fetched>;
  close(): Promise<void>;
};

/** HTML, XHTML, XML (sitemaps, feeds) and plain text; a missing type is sniffed later by the caller. */
export function isTextual(mime: string): boolean {
  return (
    mime === "" ||
    mime === "text/html" ||
    mime === "application/xhtml+xml" ||
    mime === "text/xml" ||
    mime === "application/xml" ||
    mime === "text/plain" ||
    mime.endsWith("+xml")
  );
}

const defaultResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Checks an address before any connection: http(s) only, no credentials, ports 80/443 (any when
 * allowPrivate) and, for an IP literal, a public address. URL parsing has already turned decimal,
 * octal and hex forms (http://2130706433/, http://0x7f.1/) into dotted IPv4, so one check covers them.
 */
export function checkTarget(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CrawlError("url_invalid", url.protocol);
  if (url.username || url.password) throw new CrawlError("url_credentials");
  if (!url.hostname) throw new CrawlError("url_invalid");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !addressAllowed(host, allowPrivate)) throw new CrawlError("url_blocked", host);
  if (url.port && url.port !== "80" && url.port !== "443" && !allowPrivate) throw new CrawlError("url_port");
}

/**
 * Resolves the name itself and hands the connector an address it has checked, then checks the
 * socket's peer again: what is checked is what is connected to, so a DNS answer that changes
 * between a check and the connection (rebinding) cannot slip through.
 */
function guardedConnector(
  allowPrivate: boolean,
  resolve: Resolve,
  connectTimeoutMs: number,
): buildConnector.connector {
  const base = buildConnector({ timeout: connectTimeoutMs, allowH2: false });
  return (options, callback) => {
    const host = options.hostname;
    pickAddress(host, allowPrivate, resolve).then(
      (address) => {
        const servername = options.servername || (isIP(host) ? undefined : host);
        base({ ...options, hostname: address, servername }, (...args) => {
          const [err, socket] = args;
          if (err || !socket) return callback(err ?? new CrawlError("url_unreachable"), null);
          const peer = (socket as Socket).remoteAddress;
          if (!peer || !addressAllowed(peer, allowPrivate)) {
            socket.destroy();
            return callback(new CrawlError("url_blocked", peer), null);
          }
          callback(null, socket);
        });
      },
      (err: unknown) => callback(err instanceof Error ? err : new CrawlError("url_unreachable"), null),
    );
  };
}

async function pickAddress(host: string, allowPrivate: boolean, resolve: Resolve): Promise<string> {
  if (isIP(host)) {
    if (!addressAllowed(host, allowPrivate)) throw new CrawlError("url_blocked", host);
    return host;
  }
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch (err) {
    throw new CrawlError("url_unreachable", err instanceof Error ? err.message : undefined);
  }
  if (addresses.length === 0) throw new CrawlError("url_unreachable", `${host} has no address`);
  // One bad address refuses the name: a resolver that mixes public and private answers is up to no good.
  const bad = addresses.find((a) => !addressAllowed(a.address, allowPrivate));
  if (bad) throw new CrawlError("url_blocked", `${host} resolves to ${bad.address}`);
  return addresses[0]!.address;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const limits: FetchLimits = { ...DEFAULT_LIMITS, ...definedOnly(options) };
  const allowPrivate = options.allowPrivate ?? false;
  const agent = new Agent({
    connect: guardedConnector(allowPrivate, options.resolve ?? defaultResolve, limits.connectTimeoutMs),
    headersTimeout: limits.headersTimeoutMs,
    bodyTimeout: limits.headersTimeoutMs,
    connections: options.connections ?? 4,
    keepAliveTimeout: 4_000,
  });
  const headers = {
    "user-agent": options.userAgent ?? USER_AGENT,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5",
    "accept-language": "vi,en;q=0.9,*;q=0.5",
    "accept-encoding": "gzip, deflate, br",
  };

  async function fetchOnce(start: URL, opts: FetchOptions): Promise<Fetched> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new CrawlError("timeout")), limits.totalTimeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
    let url = start;
    try {
      for (let hop = 0; ; hop++) {
        checkTarget(url, allowPrivate);
        const res = await request(url, {
          dispatcher: agent,
          method: "GET",
          headers: { ...headers, ...conditional(opts.validators) },
          signal,
        });
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode) && typeof location === "string") {
          discard(res.body);
          if (hop >= limits.maxRedirects) throw new CrawlError("too_many_redirects");
          try {
            url = new URL(location, url);
          } catch {
            throw new CrawlError("url_invalid", location);
          }
          continue;
        }
        if (res.statusCode === 304 && opts.validators) {
          discard(res.body);
          url.hash = "";
          return {
            url: url.href,
            status: 304,
            mime: "",
            body: "",
            bytes: 0,
            etag: header(res.headers.etag) || (opts.validators.etag ?? ""),
            lastModified: header(res.headers["last-modified"]) || (opts.validators.lastModified ?? ""),
          };
        }
        if (res.statusCode < 200 || res.statusCode >= 300) {
          discard(res.body);
          throw new CrawlError(`http_${res.statusCode}`);
        }
        const contentType = header(res.headers["content-type"]);
        const mime = contentType.split(";")[0]!.trim().toLowerCase();
        if (!(opts.accept ?? isTextual)(mime)) {
          discard(res.body);
          throw new CrawlError("not_html", mime);
        }
        const maxBytes = opts.maxBytes ?? limits.maxBytes;
        const declared = Number(header(res.headers["content-length"]));
        if (declared > maxBytes && !header(res.headers["content-encoding"])) {
          discard(res.body);
          throw new CrawlError("too_large");
        }
        const bytes = await readCapped(res.body, header(res.headers["content-encoding"]), maxBytes);
        url.hash = "";
        return {
          url: url.href,
          status: res.statusCode,
          mime,
          body: decode(bytes, contentType),
          bytes: bytes.length,
          etag: header(res.headers.etag),
          lastModified: header(res.headers["last-modified"]),
        };
      }
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (deadline.signal.aborted) throw new CrawlError("timeout");
      throw toCrawlError(err);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch(input, opts = {}) {
      let url: URL;
      try {
        url = new URL(input);
      } catch {
        return Promise.reject(new CrawlError("url_invalid"));
      }
      return fetchOnce(url, opts);
    },
    close: () => agent.close(),
  };
}

/** Conditional request headers; a validator with a line break or over 200 characters is not sent. */
function conditional(v: Validators | undefined): Record<string, string> {
  const ok = (s: string | null | undefined): s is string => !!s && s.length <= 200 && !/[\r\n]/.test(s);
  const out: Record<string, string> = {};
  if (ok(v?.etag)) out["if-none-match"] = v.etag;
  if (ok(v?.lastModified)) out["if-modified-since"] = v.lastModified;
  return out;
}

/** One fetch with a fresh connection pool; a crawl uses `createFetcher` to reuse connections. */
export async function safeFetch(
  url: string | URL,
  options: FetcherOptions & FetchOptions = {},
): Promise<Fetched> {
  const fetcher = createFetcher(options);
  try {
    return await fetcher.fetch(url, options);
  } finally {
    await fetcher.close();
  }
}

function definedOnly(o: Partial<FetchLimits>): Partial<FetchLimits> {
  const out: Partial<FetchLimits> = {};
  for (const k of Object.keys(DEFAULT_LIMITS) as (keyof FetchLimits)[]) {
    if (typeof o[k] === "number") out[k] = o[k];
  }
  return out;
}

/** Drops a body we will not read; its "aborted" error has nobody to tell. */
function discard(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

function header(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

function toCrawlError(err: unknown): CrawlError {
  if (err instanceof CrawlError) return err;
  const code = (err as { code?: string }).code ?? "";
  if (
    code === "UND_ERR_CONNECT_TIMEOUT" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  ) {
    return new CrawlError("timeout");
  }
  // A refusal raised inside the connector can arrive wrapped.
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof CrawlError) return cause;
  return new CrawlError("url_unreachable", err instanceof Error ? err.message : String(err));
}

/** Reads the body, decompressing as it goes, and stops as soon as the decoded size passes the cap. */
async function readCapped(body: Readable, encoding: string, maxBytes: number): Promise<Buffer> {
  const enc = encoding.trim().toLowerCase();
  const decoder =
    enc === "gzip" || enc === "x-gzip"
      ? createGunzip()
      : enc === "deflate"
        ? createInflate()
        : enc === "br"
          ? createBrotliDecompress()
          : null;
  const stream: Readable = decoder ? pipeline(body, decoder, () => {}) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new CrawlError("too_large");
      chunks.push(chunk as Buffer);
    }
  } finally {
    if (size > maxBytes) {
      discard(stream);
      discard(body);
    }
  }
  return Buffer.concat(chunks);
}

/** Bytes to text by the declared charset, a BOM, or a <meta charset>, defaulting to UTF-8. */
export function decode(bytes: Buffer, contentType: string): string {
  let charset = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset) {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) charset = "utf-8";
    else if (bytes[0] === 0xff && bytes[1] === 0xfe) charset = "utf-16le";
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) charset = "utf-16be";
    else {
      const head = bytes.subarray(0, 2048).toString("latin1");
      charset = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
    }
  }
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}
