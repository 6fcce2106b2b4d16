import "server-only";

/**
 * One spelling per page, so a page reached as /a?utm_source=x#top and /a is fetched once: no fragment,
 * no tracking parameters, the rest sorted, lower-case host and no default port (the URL parser does
 * those two).
 */
const TRACKING =
  /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_ga|_gl|ref_src)$/i;

/** Links that are not pages: skipped without a request. */
const NOT_PAGES =
  /\.(pdf|docx?|xlsx?|pptx?|csv|zip|gz|tgz|rar|7z|tar|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4a|wav|ogg|webm|mov|avi|mkv|woff2?|ttf|otf|eot|css|js|mjs|json|exe|dmg|apk|iso)$/i;

export function normalizeUrl(raw: string, base?: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  const kept = [...url.searchParams].filter(([k]) => !TRACKING.test(k));
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  url.search = kept.length ? new URLSearchParams(kept).toString() : "";
  if (url.hostname.endsWith(".")) url.hostname = url.hostname.slice(0, -1);
  return url.href;
}

/** The host a site is known by: www.example.com and example.com are one site. */
export function siteKey(url: string | URL): string {
  const host = (typeof url === "string" ? new URL(url) : url).hostname.toLowerCase().replace(/\.$/, "");
  return host.startsWith("www.") ? host.slice(4) : host;
}

export function sameSite(a: string | URL, b: string | URL): boolean {
  return siteKey(a) === siteKey(b);
}

export function looksLikePage(url: string): boolean {
  return !NOT_PAGES.test(new URL(url).pathname);
}
