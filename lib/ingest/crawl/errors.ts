import "server-only";
/**
 * Why a crawl step failed, as a key: the caller stores it (crawl_pages.error, documents.error) and the UI
 * shows `errors.crawl_<key>` in the reader's language.
 */
export type CrawlErrorKey =
  | "url_invalid"
  | "url_credentials"
  | "url_port"
  | "url_blocked"
  | "url_unreachable"
  | "too_many_redirects"
  | "timeout"
  | "too_large"
  | "not_html"
  | `http_${number}`;

/** Why a page was passed over without being learned (status "skipped"). */
export type CrawlSkipKey =
  | "robots_disallowed"
  | "duplicate"
  | "not_html"
  | "no_text"
  | "noindex"
  | "off_site";

export class CrawlError extends Error {
  constructor(
    readonly key: CrawlErrorKey,
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = "CrawlError";
  }
}

/** HTTP statuses that have their own text; any other answers with `crawl_http_other`. */
const HTTP_TEXTS = new Set([401, 403, 404, 410, 429, 500, 502, 503, 504]);

/** Every key under `errors.` that a crawl can produce; a test checks each has an en and a vi text. */
export const CRAWL_MESSAGE_KEYS = [
  "crawl_url_invalid",
  "crawl_url_credentials",
  "crawl_url_port",
  "crawl_url_blocked",
  "crawl_url_unreachable",
  "crawl_too_many_redirects",
  "crawl_timeout",
  "crawl_too_large",
  "crawl_not_html",
  ...[...HTTP_TEXTS].map((s) => `crawl_http_${s}`),
  "crawl_http_other",
  "crawl_robots_disallowed",
  "crawl_duplicate",
  "crawl_no_text",
  "crawl_noindex",
  "crawl_off_site",
] as const;

/**
 * The message key (under `errors.`) for a crawl error or skip reason, and its values:
 * `t(\`errors.${key}\`, values)`. `http_418` becomes `crawl_http_other` with `{status: 418}`.
 */
export function crawlMessage(key: CrawlErrorKey | CrawlSkipKey | string): {
  key: string;
  values: Record<string, string | number>;
} {
  const http = /^http_(\d{3})$/.exec(key);
  if (http) {
    const status = Number(http[1]);
    return HTTP_TEXTS.has(status)
      ? { key: `crawl_http_${status}`, values: {} }
      : { key: "crawl_http_other", values: { status } };
  }
  const known = (CRAWL_MESSAGE_KEYS as readonly string[]).includes(`crawl_${key}`);
  return { key: known ? `crawl_${key}` : "crawl_url_unreachable", values: {} };
}
