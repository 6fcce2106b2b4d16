import "server-only";
import { isIP } from "node:net";
import { CrawlError, type CrawlErrorKey } from "./errors";
import { checkTarget, type FetchLimits, type Resolve, safeFetch } from "./safe-fetch";
import { normalizeUrl, sameSite } from "./url";

export type SiteCheck = { ok: true; url: string } | { ok: false; error: CrawlErrorKey };

export type CheckSiteOptions = {
  allowPrivate?: boolean;
  resolve?: Resolve;
  signal?: AbortSignal;
  limits?: Partial<FetchLimits>;
};

/**
 * Checks an address an owner typed before a crawl is queued: "example.com/about" gains https://, other
 * schemes, credentials and unusual ports are refused, and the page must answer with HTML or text.
 * When we added https:// ourselves and nothing answers there, plain http:// is tried once.
 */
export async function checkSite(input: string, options: CheckSiteOptions = {}): Promise<SiteCheck> {
  const raw = input.trim();
  if (!raw || raw.length > 2048 || /\s/.test(raw)) return { ok: false, error: "url_invalid" };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  // "mailto:x", "javascript:…" name another scheme; "example.com:8080" is a host and a port.
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(raw)) return { ok: false, error: "url_invalid" };
  const candidate = hasScheme ? raw : `https://${raw.replace(/^\/+/, "")}`;
  const allowPrivate = options.allowPrivate ?? false;

  let url: URL;
  try {
    url = new URL(candidate);
    checkTarget(url, allowPrivate);
  } catch (err) {
    return { ok: false, error: err instanceof CrawlError ? err.key : "url_invalid" };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A bare word ("intranet") is a local name, not a website an owner can mean.
  if (!isIP(host) && !allowPrivate && !/^([a-z0-9-]+\.)+(xn--[a-z0-9-]+|[a-z]{2,})$/i.test(host)) {
    return { ok: false, error: "url_invalid" };
  }

  const attempt = async (target: URL): Promise<SiteCheck> => {
    try {
      const res = await safeFetch(target, {
        ...options.limits,
        allowPrivate,
        resolve: options.resolve,
        signal: options.signal,
      });
      const final = normalizeUrl(res.url);
      const start = normalizeUrl(target.href)!;
      return { ok: true, url: final && sameSite(final, start) ? final : start };
    } catch (err) {
      if (options.signal?.aborted) throw options.signal.reason;
      return { ok: false, error: err instanceof CrawlError ? err.key : "url_unreachable" };
    }
  };

  const first = await attempt(url);
  if (first.ok || hasScheme || (first.error !== "url_unreachable" && first.error !== "timeout")) return first;
  const plain = new URL(url.href);
  plain.protocol = "http:";
  const second = await attempt(plain);
  return second.ok ? second : first;
}
