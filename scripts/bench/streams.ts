import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http, { type ClientRequest, type IncomingMessage } from "node:http";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { listeningPid } from "@/tests/helpers/process-memory";
import { createDatabase, startTestServer } from "@/tests/helpers/server";
import { addressCounter, seedModelAgent } from "./model-agent";

/**
 * npm run bench:streams [-- --streams 500] [--first-token 300] [--pace 20] [--tokens 1200]
 *                              [--postgres [<admin url>]] [--no-floor] [--heap-snapshots <dir>] [--cpu-prof <dir>]
 * Issue 42 item 2: what an open answer stream costs the server. A local OpenAI-compatible model (its own
 * process: scripts/bench/stream-peers.ts) answers its first token after --first-token ms, then --pace tokens
 * a second, --tokens in all (long enough that every stream stays open while it is measured). Against it the
 * product (the production build, `npm run build` first) on PGlite, or on Postgres with --postgres or
 * TEST_DATABASE_URL (an admin URL); then the floor, a plain Node relay process piping the same model's stream.
 * Each gets --streams visitors' questions sent at once (public chat, SSE; each from its own address, the
 * chat limits raised by configuration so none is refused), and reports:
 *   - the time until every stream has shown its first answer token (and until every one has started);
 *   - resident memory (VmRSS of the server process, from /proc) and V8 heap used (the server's own
 *     /api/metrics) with the streams open, less the same after a warm-up with none open, per stream;
 *   - /api/health p50/p95/max, one probe every 50 ms, while the streams open and while they stream.
 * With --heap-snapshots the server writes a V8 heap snapshot (--heapsnapshot-signal) with none and with all
 * streams open, into <dir>, to compare in DevTools. Figures only; never a pass/fail test.
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1]!.startsWith("--") ? args[i + 1]! : fallback;
};
const STREAMS = Number(arg("streams", "500"));
const FIRST_TOKEN_MS = Number(arg("first-token", "300"));
const PACE = Number(arg("pace", "20"));
const TOKENS = Number(arg("tokens", "1200"));
const SNAPSHOTS = arg("heap-snapshots", "");
/** A folder for the server's V8 CPU profile (`--cpu-prof`, written when it stops): where opening's time goes. */
const CPU_PROFILE = arg("cpu-prof", "");
const ADMIN_URL = args.includes("--postgres")
  ? arg("postgres", process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")
  : process.env.TEST_DATABASE_URL;
const FLOOR = !args.includes("--no-floor");
const MODEL = "bench-paced";
const METRICS_TOKEN = "bench-streams-metrics-token";
const FIXTURES = path.join(process.cwd(), "tests/fixtures/chat-quality");
const PEERS = path.join(process.cwd(), "scripts/bench/stream-peers.ts");
/** Questions the bakery's documents answer (tests/helpers/chat-quality-cases.ts): the model is asked each. */
const QUESTIONS = [
  "Tiệm mở cửa mấy giờ?",
  "Bánh mì thịt nướng giá bao nhiêu?",
  "Phí giao hàng là bao nhiêu?",
  "How much is an almond croissant?",
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------
// Peers, seeding.

async function startPeer(peerArgs: string[]): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--no-warnings", PEERS, ...peerArgs], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", (code) => reject(new Error(`${peerArgs[0]} peer exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** One agent answering with the model, the bakery's documents as its knowledge. */
async function seed(dataDir: string, databaseUrl: string | null): Promise<string> {
  return seedModelAgent({
    dataDir,
    databaseUrl,
    name: "Bench bakery",
    fixtures: FIXTURES,
    files: ["bakery.en.md", "bakery.vi.md"],
    model: MODEL,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Streams, probes, memory.

const nextAddress = addressCounter();

type Stream = {
  req: ClientRequest;
  /** ms from the burst's start to the first byte of the response, and to the first answer token */
  started: number | null;
  firstToken: number | null;
  tokens: number;
  failed: string | null;
  ended: boolean;
};

type Target = {
  name: string;
  base: string;
  pid: number;
  /** the request path and body of stream `i` */
  path: string;
  body: (i: number) => string;
  /** a text that shows an answer token has arrived */
  tokenMark: string;
  heapUsed: () => Promise<number | null>;
};

function openStream(target: Target, i: number, t0: number, onToken: () => void): Stream {
  const url = new URL(target.base);
  const s = { started: null, firstToken: null, tokens: 0, failed: null, ended: false } as Omit<
    Stream,
    "req"
  > as Stream;
  s.req = http.request(
    {
      host: url.hostname,
      port: url.port,
      path: target.path,
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        "x-forwarded-for": nextAddress(),
      },
    },
    (res: IncomingMessage) => {
      s.started = performance.now() - t0;
      if (res.statusCode !== 200) {
        s.failed = `HTTP ${res.statusCode}`;
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (text: string) => {
        if (text.includes(target.tokenMark)) {
          if (s.firstToken === null) {
            s.firstToken = performance.now() - t0;
            onToken();
          }
          s.tokens++;
        }
        if (text.includes("event: error")) s.failed = "error event";
      });
      res.on("end", () => {
        s.ended = true;
      });
      res.on("error", () => {
        s.ended = true;
      });
    },
  );
  s.req.on("error", (err) => {
    if (!s.failed && !s.ended) s.failed = err.message;
    s.ended = true;
  });
  s.req.end(target.body(i));
  return s;
}

/** /api/health every 50 ms on a fresh connection (what a load balancer's probe does), into the current phase. */
function healthProbe(base: string) {
  const phases = new Map<string, number[]>();
  let phase = "idle";
  let stopped = false;
  const once = () =>
    new Promise<number>((resolve) => {
      const t = performance.now();
      const r = http.get(`${base}/api/health`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve(res.statusCode === 200 ? performance.now() - t : Number.POSITIVE_INFINITY),
        );
      });
      r.on("error", () => resolve(Number.POSITIVE_INFINITY));
      r.setTimeout(10_000, () => r.destroy());
    });
  const running = (async () => {
    while (!stopped) {
      const current = phase;
      const ms = await once();
      phases.set(current, [...(phases.get(current) ?? []), ms]);
      await sleep(50);
    }
  })();
  return {
    phase: (name: string) => {
      phase = name;
    },
    stop: async () => {
      stopped = true;
      await running;
      return phases;
    },
  };
}

function rss(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/** Median of five samples 300 ms apart: RSS and heap used. */
async function memory(target: Target): Promise<{ rss: number; heap: number | null }> {
  const r: number[] = [];
  const h: number[] = [];
  for (let i = 0; i < 5; i++) {
    r.push(rss(target.pid));
    const heap = await target.heapUsed();
    if (heap !== null) h.push(heap);
    await sleep(300);
  }
  return { rss: pct(r, 50), heap: h.length ? pct(h, 50) : null };
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

type Result = {
  name: string;
  open: number;
  openAtSample: number;
  failed: number;
  openAllMs: number;
  startAllMs: number;
  rssPerStream: number;
  heapPerStream: number | null;
  rssIdleMb: number;
  healthOpening: number[];
  healthStreaming: number[];
  tokensPerStreamPerSecond: number;
};

async function burst(target: Target, snapshot: (name: string) => Promise<void>): Promise<Result> {
  // Warm-up: every path of a stream once, then nothing open.
  const warm: Stream[] = [];
  const t = performance.now();
  for (let i = 0; i < 20; i++) warm.push(openStream(target, i, t, () => {}));
  while (warm.some((s) => s.firstToken === null && !s.failed && !s.ended) && performance.now() - t < 60_000)
    await sleep(50);
  for (const s of warm) s.req.destroy();
  await sleep(3_000);
  const idle = await memory(target);
  await snapshot("idle");

  const probe = healthProbe(target.base);
  probe.phase("opening");
  const t0 = performance.now();
  let withToken = 0;
  let allOpen!: () => void;
  const opened = new Promise<void>((r) => {
    allOpen = r;
  });
  const streams: Stream[] = [];
  for (let i = 0; i < STREAMS; i++)
    streams.push(
      openStream(target, i, t0, () => {
        if (++withToken === STREAMS) allOpen();
      }),
    );
  await Promise.race([
    opened,
    (async () => {
      while (
        performance.now() - t0 < 120_000 &&
        !streams.every((s) => s.firstToken !== null || s.failed || s.ended)
      )
        await sleep(100);
    })(),
  ]);
  probe.phase("streaming");
  const tokensAtOpen = streams.reduce((n, s) => n + s.tokens, 0);
  const tOpen = performance.now();
  await sleep(2_000);
  const busy = await memory(target);
  // Divided among the streams open while it was read (on a slow machine the first may have ended).
  const openAtSample = streams.filter((s) => s.firstToken !== null && !s.failed && !s.ended).length;
  await snapshot("open");
  await sleep(Math.max(0, 6_000 - (performance.now() - tOpen)));
  const tokensLater = streams.reduce((n, s) => n + s.tokens, 0);
  const streamingSeconds = (performance.now() - tOpen) / 1000;
  const phases = await probe.stop();
  const open = streams.filter((s) => s.firstToken !== null && !s.failed && !s.ended).length;
  const failed = streams.filter((s) => s.failed || (s.ended && s.firstToken === null));
  if (failed.length > 0) {
    const reasons = new Map<string, number>();
    for (const s of failed) reasons.set(s.failed ?? "ended", (reasons.get(s.failed ?? "ended") ?? 0) + 1);
    console.log(`  ${target.name}: failed ${[...reasons].map(([k, v]) => `${k} ×${v}`).join(", ")}`);
  }
  for (const s of streams) s.req.destroy();
  await sleep(3_000);
  return {
    name: target.name,
    open,
    openAtSample,
    failed: failed.length,
    openAllMs: Math.max(...streams.map((s) => s.firstToken ?? Number.POSITIVE_INFINITY)),
    startAllMs: Math.max(...streams.map((s) => s.started ?? Number.POSITIVE_INFINITY)),
    rssPerStream: (busy.rss - idle.rss) / Math.max(1, openAtSample),
    heapPerStream:
      busy.heap !== null && idle.heap !== null ? (busy.heap - idle.heap) / Math.max(1, openAtSample) : null,
    rssIdleMb: idle.rss / 2 ** 20,
    healthOpening: phases.get("opening") ?? [],
    healthStreaming: phases.get("streaming") ?? [],
    tokensPerStreamPerSecond: (tokensLater - tokensAtOpen) / STREAMS / streamingSeconds,
  };
}

async function metricsHeapUsed(base: string): Promise<number | null> {
  try {
    const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const m = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(await res.text());
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------

const kb = (b: number) => `${Math.round(b / 1024).toLocaleString("en")} KB`;
const msText = (v: number) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString("en")} ms` : "∞");
const health = (t: number[]) =>
  t.length
    ? `p50 ${pct(t, 50).toFixed(1)} / p95 ${pct(t, 95).toFixed(1)} / max ${Math.max(...t).toFixed(1)} ms (${t.length})`
    : "–";

function report(r: Result) {
  console.log(`\n${r.name}`);
  console.log(
    `  streams open (first token seen, still streaming) ${r.open} of ${STREAMS}, failed ${r.failed}`,
  );
  console.log(`  every stream started (response head)    ${msText(r.startAllMs)}`);
  console.log(`  every stream showed its first token     ${msText(r.openAllMs)}`);
  console.log(
    `  memory per open stream                  RSS ${kb(r.rssPerStream)}, heap used ${r.heapPerStream === null ? "–" : kb(r.heapPerStream)} (${r.openAtSample} open; idle RSS ${r.rssIdleMb.toFixed(0)} MB)`,
  );
  console.log(`  /api/health while opening               ${health(r.healthOpening)}`);
  console.log(`  /api/health while streaming             ${health(r.healthStreaming)}`);
  console.log(
    `  tokens per stream per second            ${r.tokensPerStreamPerSecond.toFixed(1)} (the model sends ${PACE})`,
  );
}

async function main() {
  const model = await startPeer(["model", String(FIRST_TOKEN_MS), String(PACE), String(TOKENS)]);
  const modelBase = `${model.base}/v1`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-streams-"));
  const database = ADMIN_URL ? await createDatabase(ADMIN_URL) : null;
  let server: Awaited<ReturnType<typeof startTestServer>> | null = null;
  let relay: Awaited<ReturnType<typeof startPeer>> | null = null;
  let started = false;
  try {
    const agentId = await seed(dataDir, database?.url ?? null);
    const snapshotDir = SNAPSHOTS ? path.resolve(SNAPSHOTS) : "";
    server = await startTestServer({
      reuse: { dataDir, databaseUrl: database?.url ?? null },
      env: {
        LLM_BASE_URL: modelBase,
        LLM_MODELS: MODEL,
        LLM_TIMEOUT_SECONDS: "600",
        TRUSTED_PROXIES: "127.0.0.1",
        LOG_LEVEL: "warn",
        METRICS_TOKEN,
        // Every stream from its own address, all at once: the abuse limits raised, never switched off.
        CHAT_LIMIT_VISITOR_PER_MINUTE: "1000000",
        CHAT_LIMIT_ADDRESS_PER_MINUTE: "1000000",
        CHAT_LIMIT_AGENT_PER_MINUTE: "1000000",
        CHAT_LIMIT_VISITOR_PER_DAY: "1000000",
        CHAT_LIMIT_ADDRESS_PER_DAY: "1000000",
        CHAT_LIMIT_ADDRESS_DAILY_SHARE: "100",
        CHAT_LIMIT_AGENT_DAILY_SHARE: "100",
        CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR: "1000000",
        NODE_OPTIONS: [
          snapshotDir ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}` : "",
          CPU_PROFILE ? `--cpu-prof --cpu-prof-dir=${path.resolve(CPU_PROFILE)}` : "",
        ]
          .filter(Boolean)
          .join(" "),
      },
    });
    started = true;
    const serverBase = server.baseUrl;
    const pid = listeningPid(Number(new URL(serverBase).port));
    console.log(
      `streams bench: ${database ? "Postgres" : "PGlite"}, ${cpus().length} cores, Node ${process.version}; ${STREAMS} streams at once; model: first token ${FIRST_TOKEN_MS} ms, ${PACE} tokens/s, ${TOKENS} tokens`,
    );
    const snapshot = async (name: string) => {
      if (!snapshotDir) return;
      const before = new Set(readdirSync(snapshotDir));
      process.kill(pid, "SIGUSR2");
      // Written by the server's main thread: done once the new file has stopped growing.
      let size = -1;
      for (;;) {
        await sleep(1_000);
        const file = readdirSync(snapshotDir).find((f) => !before.has(f));
        const now = file ? statSync(path.join(snapshotDir, file)).size : -1;
        if (file && now === size) {
          console.log(`  heap snapshot (${name}): ${path.join(snapshotDir, file)}`);
          return;
        }
        size = now;
      }
    };
    const product = await burst(
      {
        name: "product (public chat, SSE)",
        base: serverBase,
        pid,
        path: "/api/v1/public/agent/conversation/message",
        body: (i) => JSON.stringify({ agent_id: agentId, content: QUESTIONS[i % QUESTIONS.length] }),
        tokenMark: "event: delta",
        heapUsed: () => metricsHeapUsed(serverBase),
      },
      snapshot,
    );
    await server.stop();
    server = null;
    report(product);
    if (FLOOR) {
      relay = await startPeer(["relay", modelBase]);
      const floor = await burst(
        {
          name: "floor (plain Node relay)",
          base: relay.base,
          pid: relay.child.pid!,
          path: "/v1/chat/completions",
          body: (i) =>
            JSON.stringify({
              model: MODEL,
              stream: true,
              messages: [{ role: "user", content: QUESTIONS[i % QUESTIONS.length] }],
            }),
          tokenMark: '"content":"',
          heapUsed: async () => null,
        },
        async () => {},
      );
      report(floor);
      console.log(
        `\nratios to the floor: memory per stream ${(product.rssPerStream / floor.rssPerStream).toFixed(1)}×, time to open ${(product.openAllMs / floor.openAllMs).toFixed(1)}×, health p95 while streaming ${(pct(product.healthStreaming, 95) / pct(floor.healthStreaming, 95)).toFixed(1)}×`,
      );
    }
    console.log("\ngoals (issue 42 item 2)");
    const goal = (label: string, ok: boolean) =>
      console.log(`  ${label.padEnd(58)} ${ok ? "met" : "NOT met"}`);
    goal(`memory per open stream ${kb(product.rssPerStream)} ≤ 200 KB`, product.rssPerStream <= 200 * 1024);
    goal(`${STREAMS} streams opened in ${msText(product.openAllMs)} ≤ 3,000 ms`, product.openAllMs <= 3_000);
    goal(
      `/api/health p95 while streaming ${pct(product.healthStreaming, 95).toFixed(1)} ms ≤ 50 ms`,
      pct(product.healthStreaming, 95) <= 50,
    );
  } finally {
    // The server, once started, owns the data and the database: its stop removes them.
    if (server) await server.stop();
    else if (!started) await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    relay?.child.kill("SIGTERM");
    model.child.kill("SIGTERM");
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
