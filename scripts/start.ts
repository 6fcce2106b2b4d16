import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { configOrExit } from "@/lib/config";
import { buildState } from "./build-freshness";

/**
 * npm start: validates configuration, builds when the sources are newer than the last build, then
 * serves. Migrations run inside the server at start (instrumentation.ts).
 */
const cfg = configOrExit();
const root = process.cwd();
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

// Embedded defaults make no outbound connections: Next's anonymous telemetry is off for the build and the
// server alike (both inherit this environment).
(process.env as Record<string, string>).NEXT_TELEMETRY_DISABLED = "1";

const state = buildState(root);
if (process.argv.includes("--rebuild") || state !== "fresh") {
  console.log(
    state === "none" ? "No build yet: building…" : "Sources changed since the last build: building…",
  );
  const built = spawnSync(bin("next"), ["build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log(
  `Starting ${cfg.APP_NAME} at ${cfg.APP_URL} (data: ${cfg.embedded ? cfg.DATA_DIR : "DATABASE_URL"})`,
);
const server = spawn(bin("tsx"), ["scripts/serve.ts", "-p", String(cfg.PORT)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
