import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";
import { markStartupScripts } from "./lib/build/compile-hints";
import { assertMessageKeys } from "./lib/build/message-keys";
import { precompressStatic } from "./lib/build/precompress";
import { nextConfigHeaders } from "./lib/http/security-headers";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

/**
 * next-intl formats messages that lib/i18n/request.ts has compiled already: its formatter without
 * intl-messageformat and the ICU parser (what next-intl's `precompile` option aliases too). Turbopack wants
 * the target relative and starting with "./".
 */
const formatOnly = `./${path.relative(process.cwd(), createRequire(import.meta.url).resolve("use-intl/format-message/format-only"))}`;

const nextConfig: NextConfig = {
  // A fresh id per build: /latest.json exposes it so open pages notice a new deployment.
  generateBuildId: async () => `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`,
  // WASM Postgres, pg-boss and pg load files relative to their own package: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pg-boss", "pg"],
  poweredByHeader: false,
  // Our server compresses (lib/http/compression.ts, from scripts/serve.ts): a whole answer in one call and
  // small ones not at all, where Next's opens a zlib stream for every response (issue 18: throughput).
  compress: false,
  reactStrictMode: true,
  typedRoutes: false,
  devIndicators: false,
  // Unknown paths render app/global-not-found.tsx on the server; notFound() thrown inside a page would
  // only render on the client (vercel/next.js#62228), so pages avoid it for routing failures.
  // The stylesheet rides inside the HTML: a phone paints the page without a second round trip for it, and
  // so before the fonts and scripts arrive (issue 18: LCP of the public chat page).
  // preloadEntriesOnStart off: Next would otherwise load every route's bundle at start (370 chunks, each a
  // copy of the shared server modules, ~150 MB at idle, issue 42); a route's code now loads with its first
  // request.
  experimental: { globalNotFound: true, inlineCss: true, preloadEntriesOnStart: false },
  // The scripts every page runs first are compiled off the main thread while they download (V8's compile
  // hint, lib/build/compile-hints.ts): Next's start-up then no longer blocks a phone for ~180 ms (issue 18).
  compiler: {
    runAfterProductionCompile: async ({ projectDir, distDir }) => {
      await markStartupScripts(path.resolve(projectDir, distDir));
      // Then, with every script final, each one compressed once at its smallest for the server to send.
      const done = await precompressStatic(path.join(path.resolve(projectDir, distDir), "static"));
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      console.log(
        `   Precompressed ${done.files} static files: ${kb(done.rawBytes)} → Brotli ${kb(done.brBytes)}, gzip ${kb(done.gzipBytes)}`,
      );
    },
  },
  // SEC-4: security headers for the responses proxy.ts does not see (API, manifest, static files).
  headers: async () => nextConfigHeaders(),
  turbopack: { resolveAlias: { "use-intl/format-message": formatOnly.replaceAll("\\", "/") } },
};

/** A build fails on a message key the code names that a language lacks (issue 43: a raw key reached owners). */
export default function config(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD) assertMessageKeys(process.cwd());
  return withNextIntl(nextConfig);
}
