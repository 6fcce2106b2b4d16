import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { rawGet } from "@/tests/helpers/raw-http";
import { createDatabase, freePort, waitHealthy } from "@/tests/helpers/server";
import { GOALS, type PagesResult } from "./table";

/** Bytes of a response as they leave the server for a browser taking Brotli and gzip (fetch would decode them). */
const sentBytes = async (url: string) => (await rawGet(url)).body.length;

/** issue 18's budgets, KB of gzipped script (also tests/api/page-weight.test.ts) */
const PUBLIC_BUDGET = GOALS.publicKb;
const OWNER_BUDGET = GOALS.ownerKb;
/** `--lighthouse <its CLI>` (e.g. from `npm i -g lighthouse`): also scores the public chat pages. */
const LIGHTHOUSE = (() => {
  const i = process.argv.indexOf("--lighthouse");
  return i >= 0 ? process.argv[i + 1] : undefined;
})();
const CHROMIUM = "/usr/bin/chromium";
if (LIGHTHOUSE && !existsSync(CHROMIUM)) {
  // Said before the build is served and measured, not ten minutes in as "lighthouse exited 1".
  console.error(
    `--lighthouse scores pages in ${CHROMIUM}, which this machine lacks: install it (Debian: apt-get install chromium; .ci/run does) or leave --lighthouse out.`,
  );
  process.exit(1);
}
/** `--json <file>`: also writes what it measured there (scripts/bench/table.ts's PagesResult) at the end. */
const JSON_FILE = (() => {
  const i = process.argv.indexOf("--json");
  return i >= 0 ? process.argv[i + 1] : undefined;
})();
/** `--reports <dir>`: keeps each Lighthouse report there (JSON), to see why a run scored as it did. */
const REPORTS = (() => {
  const i = process.argv.indexOf("--reports");
  return i >= 0 ? process.argv[i + 1] : undefined;
})();
/** `--postgres [admin url]`: where the bench creates (and drops) its database. */
const PG_ADMIN_URL = (() => {
  const next = process.argv[process.argv.indexOf("--postgres") + 1];
  return next?.startsWith("postgres") ? next : "postgres://postgres@127.0.0.1:5432/postgres";
})();

/**
 * npm run bench:pages (part of npm run bench) — shell benchmarks against a production build on loopback: cold start to healthy (fresh
 * database, migrations, job system); then, with a real owner signed in through the console code and a
 * real agent trained through the API (as a newcomer would), the script weight of every page against its
 * budget (issue 18) and per-route latency (sequential p50/p95) and throughput with 20 concurrent clients.
 * `--postgres` runs it on a fresh database of the local Postgres (127.0.0.1:5432) instead of PGlite.
 * Figures only; never a pass/fail test (the budgets are tests: tests/api/page-weight.test.ts).
 */
const root = process.cwd();
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const onPostgres = process.argv.includes("--postgres");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-"));
const database = onPostgres ? await createDatabase(PG_ADMIN_URL) : null;
const result: PagesResult = {
  kind: "pages",
  database: onPostgres ? "postgres" : "pglite",
  pages: [],
  lighthouse: [],
};
const started = performance.now();
// The server `npm start` runs (scripts/serve.ts: Next plus the socket peer header and our compression,
// the build's precompressed scripts included), not `next start`, which would send them uncompressed.
const server: ChildProcess = spawn(
  path.join(root, "node_modules/.bin/tsx"),
  ["scripts/serve.ts", "-p", String(port), "-H", "127.0.0.1"],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      // Production on a shared database refuses to start without one (lib/config.ts).
      ...(database ? { SESSION_SECRET: randomBytes(32).toString("hex") } : {}),
      // Codes come to this process's console, where the bench reads them like a newcomer would.
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
let console_ = "";
server.stdout!.on("data", (d) => {
  console_ += d;
});
let errors = "";
server.stderr!.on("data", (d) => {
  errors = (errors + d).slice(-4000);
});

try {
  await waitHealthy(base, server, () => errors.trim() || console_.trim().slice(-2000), 120_000);
  const db = onPostgres ? "new Postgres database" : "new PGlite database";
  console.log(`cold start to healthy (${db}): ${(performance.now() - started).toFixed(0)} ms`);
  const { cookie, agentId, conversationId } = await realOwner();
  const weights: [string, number][] = [
    ["/en", 0],
    ["/en/pricing", 0],
    ["/en/setup", OWNER_BUDGET],
    ["/en/setup/files", OWNER_BUDGET],
    ["/en/history", OWNER_BUDGET],
    ["/en/billing", OWNER_BUDGET],
    ["/en/chat", OWNER_BUDGET],
    ["/en/c", PUBLIC_BUDGET],
    [`/en/c/${agentId}`, PUBLIC_BUDGET],
    [`/vi/c/${agentId}`, PUBLIC_BUDGET],
    [`/en/c/${agentId}/${conversationId}`, PUBLIC_BUDGET],
    ["/en/ai", 0],
    ["/en/auth/google/callback", 0],
    ["/en/no-such-page", 0],
  ];
  console.log("\nscript per page (what its HTML loads; raw / gzip -9 / as sent to a browser KB, budget)");
  for (const [page, budget] of weights) {
    // The owner's pages signed in; the rest as a visitor sees them (signed in, /en is the owner's setup).
    const headers: Record<string, string> = budget === OWNER_BUDGET ? { cookie } : {};
    const html = await fetch(base + page, { headers }).then((r) => r.text());
    // Modern browsers skip the nomodule polyfills, so they are not counted.
    const modern = html.replace(/<script[^>]*noModule[^>]*><\/script>/g, "");
    const srcs = [...new Set([...modern.matchAll(/<script src="([^"]+\.js)"/g)].map((m) => m[1]!))];
    let raw = 0;
    let gz = 0;
    let sent = 0;
    for (const src of srcs) {
      const body = new Uint8Array(await (await fetch(base + src)).arrayBuffer());
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
      sent += await sentBytes(base + src);
    }
    const verdict = budget ? (gz / 1024 <= budget ? `≤ ${budget} ok` : `> ${budget} OVER`) : "";
    const label = page.replace(agentId, "{agent}").replace(conversationId, "{conversation}");
    result.pages.push({
      page: label,
      budget,
      rawKb: raw / 1024,
      gzipKb: gz / 1024,
      sentKb: sent / 1024,
      files: srcs.length,
    });
    console.log(
      `${label.padEnd(34)} ${(raw / 1024).toFixed(0).padStart(5)} / ${(gz / 1024).toFixed(1).padStart(6)} / ${(sent / 1024).toFixed(1).padStart(6)}  (${srcs.length} files)  ${verdict}`,
    );
  }
  if (LIGHTHOUSE) {
    console.log("\nLighthouse, mobile (simulated slow 4G, 4× CPU), median of 5: performance, LCP, TBT");
    for (const page of [`/en/c/${agentId}`, `/vi/c/${agentId}`, "/en"]) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < 5; i++) runs.push(await lighthouse(base + page, reportPath(page, agentId, i)));
      const mid = (pick: (r: LighthouseRun) => number) => runs.map(pick).sort((a, b) => a - b)[2]!;
      const label = page.replace(agentId, "{agent}");
      result.lighthouse.push({
        page: label,
        score: mid((r) => r.score),
        lcpMs: mid((r) => r.lcp),
        tbtMs: mid((r) => r.tbt),
        runs: runs.length,
      });
      console.log(
        `${label.padEnd(26)} ${mid((r) => r.score)
          .toFixed(0)
          .padStart(
            4,
          )}   LCP ${(mid((r) => r.lcp) / 1000).toFixed(2)} s   TBT ${mid((r) => r.tbt).toFixed(0)} ms   (scores ${runs.map((r) => r.score).join(", ")})`,
      );
    }
  }
  const routes = ["/en", "/vi/setup", `/en/c/${agentId}`, "/api/health", "/latest.json", "/api/v1/nope"];
  console.log("\nroute                      p50 ms   p95 ms   req/s (20 clients, 3 s)");
  for (const route of routes) {
    const headers: Record<string, string> = route === "/vi/setup" ? { cookie } : {};
    for (let i = 0; i < 5; i++) await fetch(base + route, { headers }).then((r) => r.arrayBuffer()); // warm
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await fetch(base + route, { headers }).then((r) => r.arrayBuffer());
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const rps = await throughput(base + route, 20, 3_000, headers);
    const label = route.replace(agentId, "{agent}");
    console.log(
      `${label.padEnd(26)} ${pct(times, 50).toFixed(1).padStart(6)}   ${pct(times, 95).toFixed(1).padStart(6)}   ${rps.toFixed(0).padStart(6)}`,
    );
  }
  if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(result, null, 2));
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1_000));
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}

/**
 * What a newcomer does: asks for a sign-in code, reads it from the server's console, signs in, creates an
 * agent, teaches it a text and waits until it is learned, then asks it one question as a visitor.
 */
async function realOwner(): Promise<{ cookie: string; agentId: string; conversationId: string }> {
  const email = `bench-${Date.now()}@example.test`;
  const json = { "content-type": "application/json", origin: base };
  const asked = await fetch(`${base}/oauth2/otp`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email }),
  });
  const request = asked.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const quoted = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const printed = new RegExp(`address\\s+${quoted}\\s*\\|\\s*\\|\\s+code\\s+(\\d+)`);
  const code = await waitFor(() => printed.exec(console_)?.[1]);
  const verified = await fetch(`${base}/oauth2/otp/verify`, {
    method: "POST",
    headers: { ...json, cookie: request },
    body: JSON.stringify({ email, code }),
  });
  if (verified.status !== 200) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const owner = { ...json, cookie };
  const agent = await fetch(`${base}/api/v1/agent`, {
    method: "POST",
    headers: owner,
    body: JSON.stringify({ name: "Tiệm bánh Hoa Mai", kind: "business" }),
  }).then((r) => r.json() as Promise<{ data: { id: string } }>);
  await fetch(`${base}/api/v1/agent/document`, {
    method: "POST",
    headers: owner,
    body: JSON.stringify({
      type: "text",
      title: "Hours",
      content: "We open at 7 am and close at 10 pm every day.",
    }),
  });
  await waitFor(async () => {
    const list = await fetch(`${base}/api/v1/agent/documents`, { headers: owner }).then(
      (r) => r.json() as Promise<{ data: { status: string }[] }>,
    );
    return list.data[0]?.status === "completed" ? true : undefined;
  });
  const answer = await fetch(`${base}/api/v1/public/agent/conversation/message`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ agent_id: agent.data.id, content: "When do you open?" }),
  }).then((r) => r.json() as Promise<{ data: { conversation_id: string } }>);
  return { cookie, agentId: agent.data.id, conversationId: answer.data.conversation_id };
}

type LighthouseRun = { score: number; lcp: number; tbt: number };

/** One Lighthouse run (its CLI, given by --lighthouse) in the machine's Chromium, headless. */
function reportPath(page: string, agentId: string, run: number): string | undefined {
  if (!REPORTS) return undefined;
  mkdirSync(REPORTS, { recursive: true });
  const name = page.replace(agentId, "agent").replace(/^\//, "").replaceAll("/", "_") || "root";
  return path.join(REPORTS, `${name}-${run + 1}.json`);
}

async function lighthouse(url: string, keep?: string): Promise<LighthouseRun> {
  const flags =
    "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      LIGHTHOUSE!,
      [
        url,
        "--only-categories=performance",
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        `--chrome-path=${CHROMIUM}`,
        `--chrome-flags=${flags}`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let text = "";
    let errors = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    // Kept for the failure's message: the end of what Lighthouse said about it.
    child.stderr.on("data", (d) => {
      errors = (errors + d).slice(-2000);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(text)
        : reject(new Error(`lighthouse exited ${code}: ${errors.trim().slice(-600)}`)),
    );
  });
  if (keep) writeFileSync(keep, out);
  const report = JSON.parse(out) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits["largest-contentful-paint"]!.numericValue,
    tbt: report.audits["total-blocking-time"]!.numericValue,
  };
}

async function waitFor<T>(look: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await look();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function throughput(
  url: string,
  clients: number,
  ms: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await fetch(url, { headers }).then((r) => r.arrayBuffer());
        done++;
      }
    }),
  );
  return done / (ms / 1000);
}
