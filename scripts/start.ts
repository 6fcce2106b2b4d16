import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildState } from "./build-freshness.ts";
import { bundleFile, ensureBundle } from "./server-bundle.ts";

/**
 * npm start: validates configuration, builds when the sources are newer than the last build, then serves,
 * in this one Node process (issue 42: no tsx, no loader, no second process for the server). Run by Node
 * itself (type stripping), so it imports node: modules and scripts that do the same; the server is the
 * compiled bundle (scripts/server-bundle.ts), rebuilt here first when a file it is made of changed.
 * Migrations run inside the server at start (instrumentation.ts).
 *
 *   node scripts/start.ts [--rebuild]   npm start
 *   node scripts/start.ts --no-build    npm run serve: the build as it is, even older than the sources
 *   node scripts/start.ts --worker      npm run worker: the background jobs alone (no Next build needed)
 */
const root = process.cwd();
const args = process.argv.slice(2);
const env = process.env as Record<string, string>;
// A production server, checked as one: the configuration below is validated as the server will read it.
env.NODE_ENV ||= "production";
// Embedded defaults make no outbound connections: Next's anonymous telemetry is off for the build and the
// server alike (both inherit this environment).
env.NEXT_TELEMETRY_DISABLED = "1";

if (await ensureBundle(root)) console.log("Compiled the server (dist/server).");
const entry = (name: "serve" | "worker") => import(pathToFileURL(bundleFile(root, name)).href);

if (args.includes("--worker")) {
  // scripts/worker.ts starts on import.
  await entry("worker");
} else {
  const server = (await entry("serve")) as typeof import("./serve.ts");
  const cfg = server.checkConfigOrExit();
  const state = buildState(root);
  if (args.includes("--no-build")) {
    if (state === "none") {
      console.error("No build yet: run npm run build (or npm start, which builds).");
      process.exit(1);
    }
  } else if (args.includes("--rebuild") || state !== "fresh") {
    console.log(
      state === "none" ? "No build yet: building…" : "Sources changed since the last build: building…",
    );
    // The one child: it ends with the build, and the server below runs here.
    const built = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
      stdio: "inherit",
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  console.log(
    `Starting ${cfg.APP_NAME} at ${cfg.APP_URL} (data: ${cfg.embedded ? cfg.DATA_DIR : "DATABASE_URL"})`,
  );
  await server.serve({ port: cfg.PORT });
}
