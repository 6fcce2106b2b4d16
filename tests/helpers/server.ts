import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { bundleFile, ensureBundle } from "@/scripts/server-bundle";

/**
 * Starts the production build on a free loopback port with a fresh data folder, and, when
 * TEST_DATABASE_URL is set, a fresh database created on that Postgres server.
 */
export type TestServer = {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown, nothing cleaned up (the data stays for the next server) */
  kill: () => Promise<void>;
  /** SIGTERM as an orchestrator sends it, resolved once the process has ended; the data stays, as with kill */
  terminate: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, "../..");

export async function startTestServer(
  opts: {
    env?: Record<string, string>;
    redirects?: string[][];
    /** take over the data of a killed server (its folder and Postgres database); removed on stop as usual */
    reuse?: { dataDir: string; databaseUrl: string | null };
    /** one Postgres database for several servers (another machine's instance): used, never dropped here */
    sharedDatabaseUrl?: string;
  } = {},
): Promise<TestServer> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("No production build in .next: run npm run build first (npm test does it for you).");
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = opts.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), "agentcity-test-"));
  const database = opts.sharedDatabaseUrl
    ? { url: opts.sharedDatabaseUrl, drop: async () => {} }
    : opts.reuse
      ? opts.reuse.databaseUrl
        ? { url: opts.reuse.databaseUrl, drop: () => dropDatabase(opts.reuse!.databaseUrl!) }
        : null
      : process.env.TEST_DATABASE_URL
        ? await createDatabase(process.env.TEST_DATABASE_URL)
        : null;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    VERSION_POLL_SECONDS: "2",
    TEST_HOOKS: "true",
    // Production with DATABASE_URL requires an explicit secret, as a real deployment would.
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...opts.env,
  };
  // No database URL means embedded PGlite under DATA_DIR, whatever the calling shell has set.
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const cleanUp = async () => {
    if (database) await database.drop().catch((e) => console.error(`[tests] drop database: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Seeded through the real CLI before start: on PGlite the running server owns the folder.
  for (const args of opts.redirects ?? []) {
    const res = spawnSync(
      path.join(root, "node_modules/.bin/tsx"),
      ["scripts/redirects.ts", "add", ...args],
      {
        cwd: root,
        env,
        encoding: "utf8",
      },
    );
    if (res.status !== 0) {
      await cleanUp();
      throw new Error(`npm run redirects -- add ${args.join(" ")} failed:\n${res.stdout}${res.stderr}`);
    }
  }
  let log = "";
  // The compiled server `npm start` runs (scripts/server-bundle.ts), compiled first if a source changed.
  await ensureBundle(root);
  const child: ChildProcess = spawn(
    process.execPath,
    [bundleFile(root, "serve"), "-p", String(port), "-H", "127.0.0.1"],
    // Its own process group: a SIGKILL must reach the parse processes the server may have started too.
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopping = false;
  // A server that dies mid-run fails every later test with ECONNREFUSED: say why, once, loudly.
  child.once("exit", (code, signal) => {
    if (!stopping) {
      console.error(
        `\n[tests] the server exited during the run (code ${code}, signal ${signal}). Its output:\n${log}`,
      );
    }
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    stopping = true;
    if (running()) {
      child.kill("SIGTERM");
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 10_000)),
      ]);
      if (timedOut) {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
        await exited;
      }
    }
    await cleanUp();
  };

  try {
    await waitHealthy(baseUrl, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  const kill = async () => {
    stopping = true;
    if (running() && child.pid) {
      process.kill(-child.pid, "SIGKILL");
      await exited;
      await groupGone(child.pid);
    }
  };
  const terminate = async () => {
    stopping = true;
    if (running()) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  return { baseUrl, dataDir, databaseUrl: database?.url ?? null, output: () => log, stop, kill, terminate };
}

/** Every process of the group has left (the server's own children die with it, a moment later). */
async function groupGone(pgid: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Until `/api/health` answers 200. A server that exits first is said at once, with `log()` (its output,
 * or where to find it), rather than after the whole wait. Also the benches' (scripts/bench).
 */
export async function waitHealthy(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log()}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy within ${timeoutMs / 1000} s:\n${log()}`);
}

/** A uniquely named database on the Postgres server, dropped at the end. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `agentcity_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

/** Drops a database made by createDatabase, through the server's default database. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^agentcity_test_\w+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  url.pathname = `/${process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL).pathname.slice(1) : "postgres"}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
  await c.query(`DROP DATABASE IF EXISTS ${name}`);
  await c.end();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export type TestWorker = {
  output: () => string;
  /** SIGKILL (the machine died): its claimed jobs are left to expire or to the next worker */
  kill: () => Promise<void>;
  /** SIGTERM, resolved when it has exited */
  stop: () => Promise<void>;
};

/**
 * `npm run worker` as its own process, on a shared Postgres database (WORKER_MODE=separate deployments);
 * resolved once it says it is working.
 */
export async function startTestWorker(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<TestWorker> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-worker-"));
  await ensureBundle(root);
  const child: ChildProcess = spawn(process.execPath, [bundleFile(root, "worker")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      WORKER_MODE: "separate",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!/Worker running/.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`worker did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const done = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    output: () => log,
    kill: async () => {
      if (running() && child.pid) {
        process.kill(-child.pid, "SIGKILL");
        await exited;
        await groupGone(child.pid);
      }
      done();
    },
    stop: async () => {
      if (running()) {
        child.kill("SIGTERM");
        await exited;
      }
      done();
    },
  };
}
