/**
 * SEC-4: every security header the server sends is built here. proxy.ts stamps pages (with a fresh
 * script nonce per request), next.config.ts stamps the API, the version manifest and static files, and
 * scripts/serve.ts adds HSTS to everything when the public URL is https.
 *
 * No process.env and no Node-only imports: next.config.ts loads this file at build time and proxy.ts at
 * request time.
 */

export type HeaderList = Array<{ key: string; value: string }>;

/**
 * Pages meant to be framed by the owner's site: the public chat (/{lang}/c/{agent}[/{conversation}]) and the
 * widget's frame (/{lang}/embed/{agent}). Group 1 is the agent's public id.
 */
const EMBEDDABLE_PAGE = /^\/(?:en|vi)\/(?:c\/([^/]+)(?:\/[^/]+)?|embed\/([^/]+))\/?$/;

export function isEmbeddablePage(pathname: string): boolean {
  return EMBEDDABLE_PAGE.test(pathname);
}

/** The agent whose allowed domains decide who may frame this page, or null for any other page. */
export function embeddedAgentOf(pathname: string): string | null {
  const m = EMBEDDABLE_PAGE.exec(pathname);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * frame-ancestors for an agent's allowed host patterns: none stored means any site; an unknown agent (or
 * one that could not be read) only our own pages. A pattern without a scheme matches the page's own scheme
 * (https sites for an https server) on any port.
 */
export function frameAncestorsFor(patterns: readonly string[] | null): string {
  if (patterns === null) return "'self'";
  if (patterns.length === 0) return "*";
  const safe = patterns.filter((p) => /^(\*\.)?[a-z0-9.-]+$/.test(p));
  return ["'self'", ...safe.map((p) => `${p}:*`)].join(" ");
}

/** 128 random bits, base64: unguessable, and only characters a CSP source expression allows. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Headers every response gets, whatever it is. */
export function baseHeaders(): HeaderList {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // Nothing in the product uses these; a framed or injected page must not be able to ask for them.
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
}

export type PagePolicy = {
  nonce: string;
  /** the public URL is https: browsers are told to upgrade any http sub-resource */
  https: boolean;
  /** a public chat page, which other sites may frame */
  embeddable: boolean;
  /** frame-ancestors' sources for an embeddable page (frameAncestorsFor); any site when absent */
  ancestors?: string;
  /** `next dev` only: React rebuilds server error stacks with eval there (never in production) */
  dev?: boolean;
  /** an external icon host's origin (ICON_HOST), which pages may fetch icon collections from */
  iconOrigin?: string;
};

/** The Content-Security-Policy of an HTML page. */
export function pageCsp({ nonce, https, embeddable, ancestors, dev, iconOrigin }: PagePolicy): string {
  const directives = [
    "default-src 'self'",
    // Only scripts carrying this request's nonce run (Next stamps its own from the request's CSP header);
    // 'strict-dynamic' lets them load the app's chunks, and makes browsers ignore 'self' for the rest.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Styles are not a script-execution risk here: Tailwind classes come from our stylesheet, but React
    // style={} attributes, Next's route announcer and sonner's injected <style> are inline and carry no
    // nonce (style attributes cannot), so inline styles stay allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Everything the browser fetches (API, answer streams, /latest.json) is same-origin, but for icon
    // collections when ICON_HOST names another host.
    iconOrigin ? `connect-src 'self' ${iconOrigin}` : "connect-src 'self'",
    // A proof-of-work solver may run in a worker built from a blob: URL.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in with an external provider is a link (GET navigation), not a form post: forms stay on our origin.
    "form-action 'self'",
    // The owner's allowed domains (BEYOND-1) decide who may frame their agent's pages.
    embeddable ? `frame-ancestors ${ancestors ?? "*"}` : "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Every header of an HTML page, the CSP included. */
export function pageHeaders(policy: PagePolicy): HeaderList {
  const headers = [...baseHeaders(), { key: "Content-Security-Policy", value: pageCsp(policy) }];
  // For browsers without frame-ancestors; embeddable pages send nothing (ALLOW-FROM is dead).
  if (!policy.embeddable) headers.push({ key: "X-Frame-Options", value: "DENY" });
  return headers;
}

/** JSON, event streams, downloads: nothing in them may run, load or be framed if a browser renders one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function apiHeaders(): HeaderList {
  return [
    ...baseHeaders(),
    { key: "Content-Security-Policy", value: API_CSP },
    { key: "X-Frame-Options", value: "DENY" },
  ];
}

/** Two years, subdomains included: the long form browsers' preload lists expect. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** HSTS only when the public URL is https: over http a browser ignores it and curl users are misled. */
export function hstsHeader(appUrl: string): string | null {
  return appUrl.startsWith("https:") ? HSTS : null;
}

/**
 * next.config.ts headers(): the responses proxy.ts does not see. Static assets (fonts, chunks, styles,
 * workers) get no CSP of their own: a worker script's response CSP would govern the worker, and a
 * `default-src 'none'` there would stop it loading its own chunks.
 */
export function nextConfigHeaders(): Array<{ source: string; headers: HeaderList }> {
  return [
    // Everything (icons, manifest, chunks, fonts…); a later rule setting the same header wins.
    { source: "/:path*", headers: baseHeaders() },
    { source: "/api/:path*", headers: apiHeaders() },
    { source: "/oauth2/:path*", headers: apiHeaders() },
    { source: "/latest.json", headers: apiHeaders() },
  ];
}
