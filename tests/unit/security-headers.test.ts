import { describe, expect, it } from "vitest";
import {
  API_CSP,
  apiHeaders,
  HSTS,
  hstsHeader,
  isEmbeddablePage,
  newNonce,
  nextConfigHeaders,
  pageCsp,
  pageHeaders,
} from "@/lib/http/security-headers";

/** SEC-4: the one module every security header comes from. */

const header = (list: { key: string; value: string }[], key: string) =>
  list.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;

describe("nonces", () => {
  it("are 128 random bits in base64, different every time", () => {
    const seen = new Set(Array.from({ length: 1000 }, newNonce));
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("page policy", () => {
  const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";

  it("lets pages fetch only from their own origin, and ICON_HOST's origin when one is set", () => {
    expect(pageCsp({ nonce, https: false, embeddable: false })).toContain("connect-src 'self';");
    const csp = pageCsp({ nonce, https: false, embeddable: true, iconOrigin: "https://api.iconify.design" });
    expect(csp).toContain("connect-src 'self' https://api.iconify.design;");
    // Icons are drawn as elements, not loaded as images from that host.
    expect(csp).toContain("img-src 'self' data: blob:;");
  });

  it("allows scripts only by this request's nonce, and frames nowhere", () => {
    const csp = pageCsp({ nonce, https: false, embeddable: false });
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    const headers = pageHeaders({ nonce, https: false, embeddable: false });
    expect(header(headers, "X-Frame-Options")).toBe("DENY");
    expect(header(headers, "X-Content-Type-Options")).toBe("nosniff");
    expect(header(headers, "Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(header(headers, "Permissions-Policy")).toBe("camera=(), microphone=(), geolocation=()");
  });

  it("lets public chat pages be framed, without X-Frame-Options", () => {
    const headers = pageHeaders({ nonce, https: false, embeddable: true });
    expect(header(headers, "Content-Security-Policy")).toContain("frame-ancestors *");
    expect(header(headers, "X-Frame-Options")).toBeUndefined();
  });

  it("upgrades sub-resources over https only, and allows eval only in development", () => {
    expect(pageCsp({ nonce, https: true, embeddable: false })).toMatch(/; upgrade-insecure-requests$/);
    expect(pageCsp({ nonce, https: false, embeddable: false, dev: true })).toContain("'unsafe-eval'");
  });
});

describe("which pages are embeddable", () => {
  it.each([
    ["/en/c/agent_abcdefghijkl", true],
    ["/vi/c/agent_abcdefghijkl/conv_abcdefghijkl", true],
    ["/en/c", false],
    ["/en/c/", false],
    ["/en/pricing", false],
    ["/en/setup", false],
    ["/fr/c/agent_abcdefghijkl", false],
    ["/en/c/a/b/c", false],
    ["/en/chat", false],
  ])("%s → %s", (path, expected) => {
    expect(isEmbeddablePage(path)).toBe(expected);
  });
});

describe("API, HSTS and next.config", () => {
  it("API answers may run, load and frame nothing", () => {
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(header(apiHeaders(), "Content-Security-Policy")).toBe(API_CSP);
    expect(header(apiHeaders(), "X-Frame-Options")).toBe("DENY");
    expect(header(apiHeaders(), "X-Content-Type-Options")).toBe("nosniff");
  });

  it("HSTS only when the public URL is https", () => {
    expect(hstsHeader("https://agentcity.example")).toBe(HSTS);
    expect(hstsHeader("http://localhost:3000")).toBeNull();
    expect(HSTS).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it("next.config covers the API, OAuth entry points, the manifest and every other file", () => {
    const rules = nextConfigHeaders();
    const sources = rules.map((r) => r.source);
    expect(sources).toEqual(["/:path*", "/api/:path*", "/oauth2/:path*", "/latest.json"]);
    // The catch-all comes first so the API rules (same keys) win where both match.
    expect(header(rules[0]!.headers, "Content-Security-Policy")).toBeUndefined();
    for (const r of rules.slice(1)) expect(header(r.headers, "Content-Security-Policy")).toBe(API_CSP);
  });
});
