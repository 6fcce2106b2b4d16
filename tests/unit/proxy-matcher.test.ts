import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { config } from "@/proxy";

// next-intl's middleware imports next/server the way only Next's bundler resolves; the matcher needs none of it.
vi.mock("next-intl/middleware", () => ({ default: () => () => null }));

/**
 * Which paths the proxy (and so a page's security headers) sees, through Next's own reading of the matcher
 * (the regular expression it builds at build time). Every page path passes, dots or not; only the files
 * the app serves as files stay out. The integration tests prove the same over HTTP for a few paths; this
 * one keeps the list of files in step with public/ and app/.
 */
// Exported by the module, left out of its type declarations.
const { getMiddlewareMatchers } = (await import(
  "next/dist/build/analysis/get-page-static-info.js"
)) as unknown as {
  getMiddlewareMatchers: (matcher: unknown, nextConfig: object) => Array<{ regexp: string }>;
};
const matchers = getMiddlewareMatchers(config.matcher, {}).map((m) => new RegExp(m.regexp));
const proxied = (pathname: string) => matchers.some((re) => re.test(pathname));

const root = path.resolve(import.meta.dirname, "../..");

/** Every file of public/, as its URL path. */
function publicFiles(dir = path.join(root, "public")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? publicFiles(path.join(dir, e.name))
      : [`/${path.relative(path.join(root, "public"), path.join(dir, e.name)).split(path.sep).join("/")}`],
  );
}

/**
 * What app/'s top level serves as files: Next's metadata files (favicon, icons, manifest, robots, sitemap)
 * and route handlers whose folder is a file name (embed.js, latest.json).
 */
function appFiles(): string[] {
  const served: string[] = [];
  for (const e of readdirSync(path.join(root, "app"), { withFileTypes: true })) {
    if (e.isDirectory() && e.name.includes(".")) served.push(`/${e.name}`);
    if (!e.isFile()) continue;
    if (/^(favicon\.ico|(apple-)?icon\d*\.\w+)$/.test(e.name)) served.push(`/${e.name}`);
    const generated = { manifest: "/manifest.webmanifest", robots: "/robots.txt", sitemap: "/sitemap.xml" };
    const base = e.name.replace(/\.(ts|tsx|js)$/, "") as keyof typeof generated;
    if (e.name !== base && base in generated) served.push(generated[base]);
  }
  return served;
}

describe("the proxy's matcher", () => {
  it("leaves out every file the app serves as a file", () => {
    const files = [
      ...publicFiles(),
      ...appFiles(),
      "/embed/agent_abc123/config.json",
      // app/icons/[file]: the icon collections, whatever name is asked for.
      "/icons/lucide.json",
      "/icons/Not-A-Collection.json",
    ];
    // What the app has today, so a file moved elsewhere is noticed too.
    expect(files).toEqual(
      expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-icon.png", "/manifest.webmanifest"]),
    );
    expect(files).toEqual(expect.arrayContaining(["/embed.js", "/latest.json", "/icons/icon-192.png"]));
    for (const file of files) expect(proxied(file), file).toBe(false);
  });

  it("leaves out the API, sign-in routes and Next's own files", () => {
    for (const p of ["/api", "/api/v1/agent", "/api/v1/openapi.json", "/oauth2/otp", "/_next/static/x.js"]) {
      expect(proxied(p), p).toBe(false);
    }
  });

  it("sees every page path, also one with a dot, and any path that only looks like a file", () => {
    for (const p of [
      "/",
      "/en",
      "/vi/pricing",
      "/en/c/agent.x",
      "/vi/c/agent_abc123/conv.1",
      "/en/no-such.page",
      "/agent.x",
      "/robots.txt",
      "/foo.png",
      "/icons/nope.png",
      "/favicon.ico.html",
      "/latest.json.bak",
      "/en/embed.js",
      "/apiary",
      "/oauth2x",
      "/_nextish",
    ]) {
      expect(proxied(p), p).toBe(true);
    }
  });
});
