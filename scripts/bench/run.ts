import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * npm run bench — shell benchmarks against a production build on loopback:
 * cold start to healthy (fresh embedded database, migrations, job system), then per-route latency
 * (sequential p50/p95) and throughput with 20 concurrent clients. Figures only; never a pass/fail test.
 */
const root = process.cwd();
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-"));
const started = performance.now();
const server: ChildProcess = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port)], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
  },
  stdio: "ignore",
});

try {
  await waitHealthy();
  console.log(`cold start to healthy (new PGlite database): ${(performance.now() - started).toFixed(0)} ms`);
  console.log("\nfirst-load JS per page (scripts the HTML loads; raw / gzip KB)");
  const pages = [
    "/en",
    "/en/pricing",
    "/en/setup",
    "/en/setup/files",
    "/en/history",
    "/en/billing",
    "/en/chat",
    "/en/c",
    "/en/c/agent_demo01",
    "/en/ai",
    "/en/test-ban-phim",
    "/en/auth/google/callback",
    "/en/no-such-page",
  ];
  for (const page of pages) {
    const html = await fetch(base + page).then((r) => r.text());
    // Modern browsers skip the noModule polyfills, so they are not counted.
    const modern = html.replace(/<script[^>]*noModule[^>]*><\/script>/g, "");
    const srcs = [...new Set([...modern.matchAll(/<script src="([^"]+\.js)"/g)].map((m) => m[1]!))];
    let raw = 0;
    let gz = 0;
    for (const src of srcs) {
      const body = new Uint8Array(await (await fetch(base + src)).arrayBuffer());
      raw += body.length;
      gz += gzipSync(body).length;
    }
    console.log(
      `${page.padEnd(28)} ${(raw / 1024).toFixed(0).padStart(5)} / ${(gz / 1024).toFixed(0).padStart(4)}  (${srcs.length} files)`,
    );
  }
  const routes = ["/en", "/vi/setup", "/en/c/agent_demo01", "/api/health", "/latest.json", "/api/v1/nope"];
  console.log("\nroute                      p50 ms   p95 ms   req/s (20 clients, 3 s)");
  for (const route of routes) {
    for (let i = 0; i < 5; i++) await fetch(base + route).then((r) => r.arrayBuffer()); // warm
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await fetch(base + route).then((r) => r.arrayBuffer());
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const rps = await throughput(base + route, 20, 3_000);
    console.log(
      `${route.padEnd(26)} ${pct(times, 50).toFixed(1).padStart(6)}   ${pct(times, 95).toFixed(1).padStart(6)}   ${rps.toFixed(0).padStart(6)}`,
    );
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function throughput(url: string, clients: number, ms: number): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await fetch(url).then((r) => r.arrayBuffer());
        done++;
      }
    }),
  );
  return done / (ms / 1000);
}

async function waitHealthy(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become healthy within 120 s");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}
