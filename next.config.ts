import { randomBytes } from "node:crypto";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // A fresh id per build: /latest.json exposes it so open pages notice a new deployment.
  generateBuildId: async () => `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`,
  // WASM Postgres, pg-boss and pg load files relative to their own package: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pg-boss", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  devIndicators: false,
  // Unknown paths render app/global-not-found.tsx on the server; notFound() thrown inside a page would
  // only render on the client (vercel/next.js#62228), so pages avoid it for routing failures.
  experimental: { globalNotFound: true },
};

export default withNextIntl(nextConfig);
