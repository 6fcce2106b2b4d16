import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildState } from "@/scripts/build-freshness";
import { treeRss } from "@/tests/helpers/process-memory";
import { createDatabase, freePort } from "@/tests/helpers/server";

/**
 * npm run bench:server [-- --postgres [<admin url>]] [--pglite] [--runs 3] [--idle-seconds 15] [--port <n>]
 *                             [--json <file>]
 * What `npm start` costs on an existing build (issue 42 item 3): `npm start` itself, as a newcomer runs it,
 * timed from the spawn to the first 200 of /api/health; then, after it has sat idle, the resident memory of
 * its whole process tree (npm and everything below it, from /proc) and the command line of each process.
 * Each run starts on a fresh data folder (PGlite) or a fresh database (Postgres), then once more on the data
 * the first start left (a restart: no database to create). Without --postgres/--pglite: both, Postgres at
 * postgres://postgres@127.0.0.1:5432/postgres.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const adminUrl = arg("postgres")?.startsWith("postgres")
  ? arg("postgres")!
  : "postgres://postgres@127.0.0.1:5432/postgres";
const both = !args.includes("--postgres") && !args.includes("--pglite");
const kinds = [
  ...(both || args.includes("--pglite") ? (["pglite"] as const) : []),
  ...(both || args.includes("--postgres") ? (["postgres"] as const) : []),
];
const RUNS = Number(arg("runs") ?? 3);
const IDLE_MS = Number(arg("idle-seconds") ?? 15) * 1000;
const jsonFile = arg("json");
/** A fixed port instead of a free one (a shared machine's assigned range). */
const PORT = arg("port") ? Number(arg("port")) : undefined;
const root = process.cwd();

export type ServerStartRun = {
  database: "pglite" | "postgres";
  /** first start on fresh data, or a restart on what the first one left */
  start: "fresh" | "restart";
  healthyMs: number;
  idleRssBytes: number;
  processes: number;
  commands: string[];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function commandLines(rootPid: number): string[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirProc()) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), entry]);
    } catch {
      // gone meanwhile
    }
  }
  const lines: string[] = [];
  const walk = (pid: number, depth: number) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").filter(Boolean).join(" ");
      lines.push(`${"  ".repeat(depth)}${cmd.length > 120 ? `${cmd.slice(0, 117)}…` : cmd}`);
    } catch {
      return;
    }
    for (const c of children.get(pid) ?? []) walk(c, depth + 1);
  };
  walk(rootPid, 0);
  return lines;
}

function readdirProc(): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
}

async function startOnce(
  database: "pglite" | "postgres",
  start: "fresh" | "restart",
  dataDir: string,
  databaseUrl: string | null,
  secret: string,
): Promise<ServerStartRun> {
  const port = PORT ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {};
  // A newcomer's shell: none of the test run's or this machine's settings for the app.
  for (const [k, v] of Object.entries(process.env)) {
    if (
      !/^(DATABASE_URL|TEST_|SESSION_SECRET|NODE_ENV|APP_URL|PORT|DATA_DIR|LLM_|EMBEDDING_|SMTP_URL|npm_)/.test(
        k,
      )
    )
      env[k] = v;
  }
  Object.assign(env, { PORT: String(port), APP_URL: base, DATA_DIR: dataDir });
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, SESSION_SECRET: secret });
  let log = "";
  const t0 = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  let healthyMs = Number.NaN;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${log}`);
      if (performance.now() - t0 > 120_000) throw new Error(`not healthy within 120 s:\n${log}`);
      const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        healthyMs = performance.now() - t0;
        break;
      }
      await sleep(25);
    }
    if (/building…/.test(log)) throw new Error("npm start built first: run npm run build, then the bench");
    await sleep(IDLE_MS);
    const rss = treeRss(child.pid!);
    const commands = commandLines(child.pid!);
    return { database, start, healthyMs, idleRssBytes: rss.bytes, processes: rss.processes, commands };
  } finally {
    // SIGTERM to the group, as a terminal's Ctrl-C reaches every process of it; SIGKILL if it lingers.
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    const late = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
    if (late) {
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    }
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(-child.pid!, 0);
        await sleep(50);
      } catch {
        break;
      }
    }
  }
}

if (buildState(root) !== "fresh") {
  console.error("The build is missing or older than the sources: run npm run build first.");
  process.exit(1);
}
const mb = (b: number) => `${Math.round(b / 2 ** 20)} MB`;
const results: ServerStartRun[] = [];
for (const kind of kinds) {
  for (let run = 0; run < RUNS; run++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-server-"));
    const db = kind === "postgres" ? await createDatabase(adminUrl) : null;
    const secret = randomBytes(32).toString("hex");
    try {
      for (const start of ["fresh", "restart"] as const) {
        const r = await startOnce(kind, start, dataDir, db?.url ?? null, secret);
        results.push(r);
        console.log(
          `${kind.padEnd(8)} ${start.padEnd(7)} healthy in ${(r.healthyMs / 1000).toFixed(2)} s, idle ${mb(r.idleRssBytes)} in ${r.processes} processes`,
        );
        if (run === 0 && start === "fresh") console.log(r.commands.map((c) => `    ${c}`).join("\n"));
      }
    } finally {
      await db?.drop().catch((e) => console.error(`drop database: ${e}`));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
console.log("\nmedians (min–max):");
for (const kind of kinds) {
  for (const start of ["fresh", "restart"] as const) {
    const rs = results.filter((r) => r.database === kind && r.start === start);
    const t = rs.map((r) => r.healthyMs / 1000);
    const m = rs.map((r) => r.idleRssBytes);
    console.log(
      `  ${kind.padEnd(8)} ${start.padEnd(7)} start to healthy ${median(t).toFixed(2)} s (${Math.min(...t).toFixed(2)}–${Math.max(...t).toFixed(2)}), ` +
        `idle tree ${mb(median(m))} (${mb(Math.min(...m))}–${mb(Math.max(...m))}), ${rs[0]?.processes} processes`,
    );
  }
}
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ kind: "server", runs: results }, null, 2));
