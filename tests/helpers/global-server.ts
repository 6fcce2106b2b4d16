import type { TestProject } from "vitest/node";
import { startTestServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseKind: "pglite" | "postgres";
  }
}

/** One production server for the whole integration run (API and browser tests). */
export default async function setup(project: TestProject) {
  const server = await startTestServer({
    redirects: [
      ["/old-pricing", "/en/pricing", "--permanent"],
      ["/vi/bang-gia", "/vi/pricing", "--middleware", '{"campaign":"autumn"}'],
      ["/go/docs", "https://docs.example.org/start"],
    ],
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("databaseKind", server.databaseUrl ? "postgres" : "pglite");
  console.log(`[tests] server at ${server.baseUrl} on ${server.databaseUrl ? "Postgres" : "PGlite"}`);
  return async () => {
    await server.stop();
  };
}
