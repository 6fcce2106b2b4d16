import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { configOrExit } from "@/lib/config";

/**
 * npm start: validates configuration, builds when the sources are newer than the last build, then
 * serves. Migrations run inside the server at start (instrumentation.ts).
 */
const cfg = configOrExit();
const root = process.cwd();
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const buildId = path.join(root, ".next", "BUILD_ID");

const sources = [
  "app",
  "lib",
  "components",
  "messages",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package-lock.json",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (process.argv.includes("--rebuild") || builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const built = spawnSync(bin("next"), ["build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

console.log(
  `Starting ${cfg.APP_NAME} at ${cfg.APP_URL} (data: ${cfg.embedded ? cfg.DATA_DIR : "DATABASE_URL"})`,
);
const server = spawn(bin("tsx"), ["scripts/serve.ts", "-p", String(cfg.PORT)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
