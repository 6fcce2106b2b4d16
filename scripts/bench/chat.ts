import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { BUILTIN_MODEL } from "@/lib/chat/models";
import { openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { agents, documents } from "@/lib/db/schema";
import { parseDocument } from "@/lib/ingest/parse";
import { allowanceMonth } from "@/lib/limits/allowance";
import { agentDayKey } from "@/lib/limits/chat";
import { chunk } from "@/lib/retrieval/chunk";
import { replacePassages } from "@/lib/retrieval/passages";
import {
  ANSWERABLE,
  FIXTURE_FILES,
  type QualityCase,
  UNANSWERABLE,
} from "@/tests/helpers/chat-quality-cases";
import { zipfCorpus } from "@/tests/helpers/retrieval-corpus";
import { seedAgent, seedDocument } from "@/tests/helpers/retrieval-seed";
import { freePort, waitHealthy } from "@/tests/helpers/server";
import { seedChatHistory } from "./chat-history";
import { allPids, type CpuMeter, cpuMeter, procStat } from "./cpu-meter";
import { freshQuestions } from "./fresh-questions";
import { type Recall, recallAtScale, recallLine } from "./recall";
import type { ChatResult, ChatSize } from "./table";

/**
 * npm run bench:chat [-- --quick] [--help] — the public chat path against a production build on loopback,
 * with an in-process OpenAI-compatible model that answers instantly (so only our server's own time is
 * measured). A server remembers searches (lib/retrieval/search-cache.ts), so questions asked again are
 * mostly memory lookups: steps 1 and 2 measure fresh questions, never asked before (scripts/bench/
 * fresh-questions.ts: search cache misses), apart from the fixture questions asked again (cache hits):
 *   1. server time before the model is asked: request sent → the query-rewrite call arrives (non-streamed),
 *      and → the streamed answer call arrives; ~100 sequential fresh questions, then ~100 repeated ones
 *      (after each fixture question was asked once), at 10,000 and 100,000 passages;
 *   2. public chat requests per second (JSON mode, 20 concurrent clients, 15 s of each), at 10,000
 *      passages, in built-in quoting mode (the issue's measure) with repeated and with fresh questions, and
 *      with the instant model (repeated questions); answers per second and CPU ms per answer;
 *   3. answer streams one server process holds open while the model trickles a token every 2 s;
 *   4. on a server that remembers no search: JSON answers to questions the documents answer (hits) and to
 *      questions they cannot (misses, the fallback), interleaved, at every size (issue 18: a miss's p95
 *      within 2 × a hit's); then /api/health, asked every 50 ms while two clients send misses back to back
 *      (issue 18: p95 ≤ 250 ms on a 2 MB agent, ~2,000 passages).
 * Each size gets its own PGlite folder, seeded directly before the server starts (one process per folder);
 * with `--postgres <url>` (a server whose user may create databases) a fresh database per size instead.
 * Either way it also holds a served history (`--history`, 20,000 past conversations per agent asked:
 * scripts/bench/chat-history.ts), so the statements are planned as in a database in service.
 * Step 2 also measures /api/health with the same 20 clients on the same process, in rounds taking turns with
 * the built-in answers (`--rounds`, 3), and prints the ratio (issue 18's goal: public answers ≥ 25 % of
 * health's throughput on Postgres, ≥ 10 % on PGlite), and the latency of /api/health asked by one more
 * client while the answers run.
 * `--json <file>`: also writes the figures the bench table uses there at the end (scripts/bench/table.ts).
 * `--quick`: 10,000 passages only, steps 1, 2 and 4, 30 questions, 6 s loads (each option given wins).
 * Figures only; never a pass/fail test.
 */
if (process.argv.includes("--help")) {
  console.log(
    [
      "npm run bench:chat [-- options]",
      "  --quick               10k passages, steps 1,2,4, 30 questions, 6 s loads, 5 s of misses",
      "  --sizes 10000,100000  passages of the agent asked, one server each",
      "  --steps 1,2,3,4       which steps run (see the comment at the top of scripts/bench/chat.ts)",
      "  --questions 100       sequential questions of each kind (steps 1 and 4)",
      "  --seconds 15          load of each kind in step 2 (split into --rounds 3)",
      "  --miss-seconds 10     step 4's misses while /api/health is asked",
      "  --streams 100,500,…   step 3's targets of open streams",
      "  --history 20000       past conversations per agent, written before ANALYZE",
      "  --postgres <url>      an admin URL: a fresh database per size instead of PGlite",
      "  --no-cache            the server remembers no search (RETRIEVAL_CACHE_ENTRIES=0)",
      "  --keep, --log-statements, --profile <dir>, --json <file>",
    ].join("\n"),
  );
  process.exit(0);
}
const root = process.cwd();
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const QUICK = args.includes("--quick");
const SIZES = (arg("sizes") ?? (QUICK ? "10000" : "10000,100000")).split(",").map(Number);
const QUESTIONS = Number(arg("questions") ?? (QUICK ? 30 : 100));
const LOAD_SECONDS = Number(arg("seconds") ?? (QUICK ? 6 : 15));
/** How long step 4 keeps two misses running while it asks /api/health. */
const MISS_SECONDS = Number(arg("miss-seconds") ?? (QUICK ? 5 : 10));
const STREAM_STEPS = (arg("streams") ?? "100,500,1000,2000").split(",").map(Number);
const MODEL = "bench-instant";
/** An admin URL of a Postgres server: each size gets its own database there, dropped afterwards. */
const POSTGRES = arg("postgres");
const FIXTURES = path.join(root, "tests/fixtures/chat-quality");
/** `--keep`: the seeded databases stay (their address is printed), to EXPLAIN what the bench ran. */
const KEEP = args.includes("--keep");
/** Which steps run (1 to 4): `--steps 2` measures throughput alone. */
const STEPS = new Set((arg("steps") ?? (QUICK ? "1,2,4" : "1,2,3,4")).split(",").map(Number));
/** Where the figures go as JSON (ChatResult), for `npm run bench`'s table. */
const JSON_FILE = arg("json");
/** A folder for the server's V8 CPU profiles (`--cpu-prof`), to find where an answer's time goes. */
const PROFILE_DIR = arg("profile");
/** `--history N`: past conversations of each agent asked, written before ANALYZE (scripts/bench/chat-history.ts). */
const HISTORY = Number(arg("history") ?? 20_000);
/** `--no-cache`: the server remembers no search (RETRIEVAL_CACHE_ENTRIES=0): every question costs its statements. */
const NO_CACHE = args.includes("--no-cache");
/** With --postgres: `--log-statements` has the server log every statement of the bench's database. */
const LOG_STATEMENTS = args.includes("--log-statements");

// ---------------------------------------------------------------------------------------------------------
// The instant model: OpenAI-compatible /v1/chat/completions, streamed and not, on loopback in this process.

type LlmCall = { at: number; stream: boolean };
const llmCalls: LlmCall[] = [];
/** Hold mode: a streamed answer sends one token every 2 s until the server hangs up (or ~10 min). */
let holdStreams = false;
const heldUpstream = new Set<ServerResponse>();
const byQuestion = new Map<string, QualityCase>(ANSWERABLE.map((c) => [c.q, c]));

const llm = http.createServer((req, res) => {
  const at = performance.now();
  if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      stream?: boolean;
      messages?: { role: string; content: unknown }[];
    };
    const stream = body.stream === true;
    llmCalls.push({ at, stream });
    if (!stream) return rewriteReply(body.messages ?? [], res);
    return holdStreams ? heldAnswer(res) : instantAnswer(res);
  });
});

const id = () => `chatcmpl-${Math.random().toString(36).slice(2)}`;
const created = () => Math.floor(Date.now() / 1000);

/** Two standalone queries, as the real rewrite prompt asks: the wording the documents use, and the question. */
function rewriteReply(messages: { role: string; content: unknown }[], res: ServerResponse) {
  const last = messages.at(-1)?.content;
  const prompt = typeof last === "string" ? last : JSON.stringify(last ?? "");
  const question = prompt.split("Question: ").at(-1)?.trim() ?? "";
  const known = byQuestion.get(question);
  const text = known ? `${known.expect}\n${question}` : `${question}\n${question}`;
  res.writeHead(200, { "content-type": "application/json" }).end(
    JSON.stringify({
      id: id(),
      object: "chat.completion",
      created: created(),
      model: MODEL,
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: 120, completion_tokens: 20, total_tokens: 140 },
    }),
  );
}

function sseChunk(delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>) {
  const payload = {
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: created(),
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

const streamHead = { "content-type": "text/event-stream", "cache-control": "no-cache" };
const usage = { prompt_tokens: 900, completion_tokens: 12, total_tokens: 912 };

function instantAnswer(res: ServerResponse) {
  res.writeHead(200, streamHead);
  res.write(sseChunk({ role: "assistant", content: "" }, null));
  res.write(sseChunk({ content: "Theo tài liệu của chúng tôi, " }, null));
  res.write(sseChunk({ content: "câu trả lời nằm ở đoạn [1]." }, null));
  res.write(sseChunk({}, "stop", usage));
  res.end("data: [DONE]\n\n");
}

function heldAnswer(res: ServerResponse) {
  res.writeHead(200, streamHead);
  res.write(sseChunk({ role: "assistant", content: "" }, null));
  heldUpstream.add(res);
  let n = 0;
  const send = () => {
    n++;
    if (n > 300) {
      res.write(sseChunk({}, "stop", usage));
      res.end("data: [DONE]\n\n");
      return;
    }
    res.write(sseChunk({ content: `từ${n} ` }, null));
  };
  send();
  const timer = setInterval(send, 2_000);
  res.on("close", () => {
    clearInterval(timer);
    heldUpstream.delete(res);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Seeding: one PGlite folder per size, written directly, closed before the server opens it.

type Seeded = {
  dataDir: string;
  /** With --postgres: the size's own database (the server's DATABASE_URL), and how to drop it. */
  databaseUrl?: string;
  drop?: () => Promise<void>;
  publicId: string;
  /** A small agent (the fixture documents only) for the open-streams step: opening is cheap, holding is measured. */
  streamPublicId: string;
  seedMs: number;
  passages: number;
  other: number;
  /** The other agent, answering in built-in quoting mode (no model): step 2's goal figure. */
  builtinPublicId: string;
  recall: Recall;
};

async function seed(size: number): Promise<Seeded> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-chat-"));
  const target = POSTGRES ? await createBenchDatabase(POSTGRES, size) : undefined;
  const database = await openDatabase({ dataDir, databaseUrl: target?.url });
  try {
    await migrate(database);
    const { db } = database;
    const agentId = await seedAgent(db, "Bench business");
    const otherId = await seedAgent(db, "Other business");
    const streamId = await seedAgent(db, "Small business");
    const fixtures = [...new Set(Object.values(FIXTURE_FILES).flat())];
    let count = 0;
    for (const target of [agentId, otherId, streamId]) {
      for (const file of fixtures) {
        const documentId = await seedDocument(db, target, file);
        const parsed = await parseDocument({
          bytes: readFileSync(path.join(FIXTURES, file)),
          name: file,
          type: "md",
        });
        if (!parsed.ok) throw new Error(`${file} did not parse`);
        const passages = chunk(parsed.sections).map((c) => ({ heading: c.heading, content: c.content }));
        await replacePassages(db, { agentId: target, documentId, passages, embedder: null });
        if (target === agentId) count += passages.length;
      }
    }
    const filler = async (target: string, n: number, seedNo: number) => {
      const list = zipfCorpus(n, seedNo, 150);
      for (let i = 0; i < list.length; i += 500) {
        const documentId = await seedDocument(db, target, `doc-${seedNo}-${i}.txt`);
        await replacePassages(db, {
          agentId: target,
          documentId,
          passages: list.slice(i, i + 500),
          embedder: null,
        });
      }
    };
    await filler(agentId, size - count, 7);
    // The other agent answers in built-in quoting mode; where step 2 runs it is as big as the one asked.
    const other = size === SIZES[0] && STEPS.has(2) ? size - count : Math.min(Math.floor(size / 2), 10_000);
    await filler(otherId, other, 8);
    await db.update(agents).set({ model: BUILTIN_MODEL }).where(eq(agents.id, otherId));
    await db.update(documents).set({ status: "completed" });
    const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
    const [small] = await db.select().from(agents).where(eq(agents.id, streamId));
    const [builtin] = await db.select().from(agents).where(eq(agents.id, otherId));
    // The owners' monthly visitor allowance never runs out during the run, nor do the agents' days.
    for (const owner of [agent!.ownerId, small!.ownerId, builtin!.ownerId]) {
      await db.execute(sql`
        INSERT INTO message_allowance (owner_id, month, used) VALUES (${owner}, ${allowanceMonth()}, -1000000000)`);
    }
    for (const id of [agentId, streamId, otherId]) {
      await db.execute(sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES (${agentDayKey(id)}, now(), -1000000000)`);
    }
    await seedChatHistory(db, [agentId, otherId], HISTORY);
    await db.execute(sql`analyze`);
    // No speed bought with recall: the quality questions still find their facts among the filler.
    const recall = await recallAtScale(db, agentId);
    return {
      recall,
      dataDir,
      databaseUrl: target?.url,
      drop: target?.drop,
      publicId: agent!.publicId,
      streamPublicId: small!.publicId,
      builtinPublicId: builtin!.publicId,
      seedMs: performance.now() - started,
      passages: size,
      other,
    };
  } finally {
    await database.close();
  }
}

async function createBenchDatabase(admin: string, size: number) {
  const name = `agentcity_bench_chat_${size}_${process.pid}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  // Every statement with its duration in the Postgres server's log: where an answer's database time goes.
  if (LOG_STATEMENTS) await run(`ALTER DATABASE ${name} SET log_min_duration_statement = 0`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

// ---------------------------------------------------------------------------------------------------------
// The production server (scripts/serve.ts: `next start` plus the socket peer header that per-address limits
// and TRUSTED_PROXIES rely on), in its own process group.

type Server = { base: string; child: ChildProcess; stop(): Promise<void>; log: string };

async function startServer(
  dataDir: string,
  llmBase: string,
  databaseUrl: string | undefined,
  noCache: boolean,
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    LLM_BASE_URL: llmBase,
    LLM_MODELS: MODEL,
    LLM_TIMEOUT_SECONDS: "600",
    TRUSTED_PROXIES: "127.0.0.1",
    CHAT_LIMIT_VISITOR_PER_MINUTE: "1000000",
    CHAT_LIMIT_ADDRESS_PER_MINUTE: "1000000",
    CHAT_LIMIT_AGENT_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
    ...(noCache ? { RETRIEVAL_CACHE_ENTRIES: "0" } : {}),
    ...(PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(PROFILE_DIR)}` } : {}),
  };
  for (const k of ["DATABASE_URL", "EMBEDDING_BASE_URL", "EMBEDDING_MODEL", "LLM_API_KEY"]) delete env[k];
  // Production on a shared database wants its own session secret (lib/config.ts): one for this run.
  if (databaseUrl)
    Object.assign(env, { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString("hex") });
  const logFile = path.join(dataDir, "server.log");
  const out = openSync(logFile, "a");
  const child = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    ["scripts/serve.ts", "-p", String(port), "-H", "127.0.0.1"],
    { cwd: root, env, stdio: ["ignore", out, out], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server: Server = {
    base,
    child,
    log: logFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const late = await Promise.race([
          exited.then(() => false),
          new Promise<boolean>((r) => setTimeout(() => r(true), 10_000)),
        ]);
        if (late && child.pid) process.kill(-child.pid, "SIGKILL");
        await exited;
      }
      // Every process of the group has left before the folder is removed.
      for (let i = 0; i < 100 && child.pid && groupAlive(child.pid); i++) await sleep(50);
    },
  };
  try {
    await waitHealthy(base, child, () => `see ${logFile}`, 120_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resident memory of a process and all its descendants (tsx runs the server in a child node process). */
function treeRssMb(pid: number): number {
  const parent = new Map<number, number>();
  for (const p of allPids()) {
    const fields = procStat(p);
    if (fields) parent.set(p, Number(fields[1]));
  }
  const tree = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [p, pp] of parent) {
      if (!tree.has(p) && tree.has(pp)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const p of tree) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      kb += Number(m?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

// ---------------------------------------------------------------------------------------------------------
// Clients.

let addressNo = 0;
/** A distinct visitor address per request (10.x.y.z), forwarded by the trusted loopback proxy. */
function nextAddress(): string {
  addressNo++;
  return `10.${(addressNo >> 16) & 255}.${(addressNo >> 8) & 255}.${addressNo & 255}`;
}

const questionList = ANSWERABLE.filter((c) => !c.history).map((c) => c.q);
/** Questions the fixture documents cannot answer (the engine gives its fallback), for step 4. */
const missList = UNANSWERABLE.filter((c) => !c.history).map((c) => c.q);

type Timed = {
  rewrite: number | null;
  answer: number | null;
  firstDelta: number | null;
  done: number | null;
};

/** One streamed question; times from sending it to each step, in ms. */
async function timedQuestion(base: string, agentId: string, content: string): Promise<Timed> {
  const mark = llmCalls.length;
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/public/agent/conversation/message`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      "x-forwarded-for": nextAddress(),
    },
    body: JSON.stringify({ agent_id: agentId, content }),
  });
  if (res.status !== 200) throw new Error(`message: ${res.status} ${await res.text()}`);
  let firstDelta: number | null = null;
  let done: number | null = null;
  let buffer = "";
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const { done: finished, value } = await reader.read();
    if (finished) break;
    buffer += decoder.decode(value, { stream: true });
    if (firstDelta === null && buffer.includes("event: delta")) firstDelta = performance.now() - t0;
    if (buffer.includes("event: done") || buffer.includes("event: error")) done = performance.now() - t0;
  }
  const calls = llmCalls.slice(mark);
  const rewrite = calls.find((c) => !c.stream);
  const answer = calls.find((c) => c.stream);
  return {
    rewrite: rewrite ? rewrite.at - t0 : null,
    answer: answer ? answer.at - t0 : null,
    firstDelta,
    done,
  };
}

/**
 * Step 1: after 5 warm-up questions, QUESTIONS fresh ones (search cache misses), then every fixture
 * question once (unmeasured: their searches are remembered now) and QUESTIONS of them again (cache hits).
 */
async function sequential(
  base: string,
  agentId: string,
  fresh: () => string,
): Promise<Pick<ChatSize, "beforeModel" | "beforeModelRepeated">> {
  for (let i = 0; i < 5; i++) await timedQuestion(base, agentId, questionList[i % questionList.length]!);
  const misses: Timed[] = [];
  for (let i = 0; i < QUESTIONS; i++) misses.push(await timedQuestion(base, agentId, fresh()));
  for (const q of questionList) await timedQuestion(base, agentId, q);
  const hits: Timed[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    hits.push(await timedQuestion(base, agentId, questionList[i % questionList.length]!));
  }
  return {
    beforeModel: timedTable(`fresh questions (never asked: search cache misses)`, misses),
    beforeModelRepeated: timedTable(
      `repeated questions (${questionList.length} fixture questions asked again${NO_CACHE ? "; --no-cache: nothing remembered" : ": cache hits"})`,
      hits,
    ),
  };
}

function timedTable(title: string, rows: Timed[]): { p50: number; p95: number; count: number } {
  const line = (label: string, values: (number | null)[]) => {
    const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(50)} ${pct(v, 50).toFixed(1).padStart(7)} ${pct(v, 95).toFixed(1).padStart(8)} ${v.at(-1)?.toFixed(1).padStart(8) ?? "      -"}   ${String(v.length).padStart(3)}/${values.length}`,
    );
  };
  console.log(`  ${title}`);
  console.log(
    `  ${"request sent → …".padEnd(50)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}   count`,
  );
  line(
    "rewrite call reaches the model (non-streamed)",
    rows.map((r) => r.rewrite),
  );
  line(
    "answer call reaches the model (streamed)",
    rows.map((r) => r.answer),
  );
  line(
    "first delta event reaches the visitor",
    rows.map((r) => r.firstDelta),
  );
  line(
    "done event reaches the visitor",
    rows.map((r) => r.done),
  );
  const gaps = rows.filter((r) => r.rewrite !== null && r.answer !== null).map((r) => r.answer! - r.rewrite!);
  line("(rewrite call → answer call: retrieval, sources)", gaps);
  const noAnswer = rows.filter((r) => r.answer === null).length;
  if (noAnswer) console.log(`  ${noAnswer} question(s) got the fallback (no model answer call)`);
  const answered = rows.flatMap((r) => (r.answer === null ? [] : [r.answer])).sort((a, b) => a - b);
  return { p50: pct(answered, 50), p95: pct(answered, 95), count: answered.length };
}

/** Requests per second, and the server's CPU ms per request (null: none succeeded); the totals they come of. */
type Hammered = {
  rps: number;
  cpuMs: number | null;
  /** The Postgres backends' CPU ms per request (null on PGlite, or when none succeeded). */
  dbCpuMs: number | null;
  ok: number;
  /** Answers that were the agent's fallback message (no passage answered). */
  fallbacks: number;
  seconds: number;
  serverCpuMs: number;
  databaseCpuMs: number | null;
};

/** Rounds of built-in answers and /api/health, alternating (see `load`). */
const ROUNDS = Number(arg("rounds") ?? 3);

/** 20 clients send `request` back to back for `seconds`; prints the line and returns requests per second. */
async function hammer(
  label: string,
  request: () => Promise<Response>,
  cpu: CpuMeter,
  seconds = LOAD_SECONDS,
): Promise<Hammered> {
  const end = performance.now() + seconds * 1000;
  const times: number[] = [];
  let fallbacks = 0;
  const failures = new Map<string, number>();
  const metering = await cpu.start();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await request();
          const body = await res.text();
          if (res.status === 200) {
            times.push(performance.now() - t);
            // An answer's message says how it was made: the fallback costs less than a quote.
            if (body.includes('"mode":"fallback"')) fallbacks++;
          } else {
            const code = /"message":"([^"]+)"/.exec(body)?.[1] ?? "";
            failures.set(`${res.status} ${code}`, (failures.get(`${res.status} ${code}`) ?? 0) + 1);
          }
        } catch (err) {
          const key = (err as Error).message;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = await metering.stop();
  times.sort((a, b) => a - b);
  const rps = times.length / elapsed;
  const per = (ms: number) => (times.length ? (ms / times.length).toFixed(2) : "-").padStart(8);
  const dbCpu = used.database === null ? "       -" : per(used.database);
  console.log(
    `  ${label.padEnd(29)} ${String(times.length).padStart(8)} ${rps.toFixed(1).padStart(8)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${(times.at(-1) ?? 0).toFixed(1).padStart(8)} ${per(used.server)} ${dbCpu}   ${failures.size ? [...failures].map(([k, v]) => `${k} ×${v}`).join(", ") : "none"}`,
  );
  return {
    rps,
    cpuMs: times.length ? used.server / times.length : null,
    dbCpuMs: times.length && used.database !== null ? used.database / times.length : null,
    ok: times.length,
    fallbacks,
    seconds: elapsed,
    serverCpuMs: used.server,
    databaseCpuMs: used.database,
  };
}

/** Several rounds' totals as one measurement. */
function summed(rounds: Hammered[]): Hammered {
  const ok = rounds.reduce((sum, r) => sum + r.ok, 0);
  const fallbacks = rounds.reduce((sum, r) => sum + r.fallbacks, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const serverCpuMs = rounds.reduce((sum, r) => sum + r.serverCpuMs, 0);
  const databaseCpuMs = rounds.every((r) => r.databaseCpuMs !== null)
    ? rounds.reduce((sum, r) => sum + r.databaseCpuMs!, 0)
    : null;
  return {
    rps: ok / seconds,
    cpuMs: ok ? serverCpuMs / ok : null,
    dbCpuMs: ok && databaseCpuMs !== null ? databaseCpuMs / ok : null,
    ok,
    fallbacks,
    seconds,
    serverCpuMs,
    databaseCpuMs,
  };
}

/**
 * After a warm-up, built-in answers to repeated questions, built-in answers to fresh ones and /api/health
 * take turns, ROUNDS of each, LOAD_SECONDS in all for each: the machine's load drifts (a shared host's
 * neighbours, the database's background work), and answers measured in one stretch and health in the next
 * gave ratios from 11 to 20 % for one build here. The ratio is of the totals; the rounds' own ratios are
 * printed to show the spread. Repeated questions are the fixture questions cycled (after the warm-up every
 * search is remembered: cache hits); fresh ones are never asked before (cache misses).
 */
async function load(
  base: string,
  agentId: string,
  builtinAgentId: string,
  cpu: CpuMeter,
  fresh: () => string,
): Promise<ChatSize["throughput"]> {
  let n = 0;
  console.log(
    `  ${"".padEnd(29)} ${"ok".padStart(8)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)} ${"cpu/req".padStart(8)} ${"db/req".padStart(8)}   failures`,
  );
  const post = (agent: string, content: string) =>
    fetch(`${base}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
      body: JSON.stringify({ agent_id: agent, content }),
    });
  const ask = (agent: string) => () => post(agent, questionList[n++ % questionList.length]!);
  const askFresh = (agent: string) => () => post(agent, fresh());
  // While answers run, one more client asks /api/health every 50 ms: what a load balancer's probe sees
  // while the server is busy answering (issue 18: nothing stalls the server). It rests while health runs.
  const probe = healthProbe(base);
  const seconds = LOAD_SECONDS / ROUNDS;
  // Not counted: the first requests compile the code, open the connections, prepare the statements and
  // (answers) remember the repeated questions' searches.
  await hammer("answers warm-up (not counted)", ask(builtinAgentId), cpu, 3);
  probe.pause();
  await hammer("health warm-up (not counted)", () => fetch(`${base}/api/health`), cpu, 2);
  const builtinRounds: Hammered[] = [];
  const freshRounds: Hammered[] = [];
  const healthRounds: Hammered[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    probe.resume();
    builtinRounds.push(
      await hammer(`built-in, repeated ${round}/${ROUNDS}`, ask(builtinAgentId), cpu, seconds),
    );
    freshRounds.push(
      await hammer(`built-in, fresh ${round}/${ROUNDS}`, askFresh(builtinAgentId), cpu, seconds),
    );
    probe.pause();
    healthRounds.push(
      await hammer(`/api/health ${round}/${ROUNDS}`, () => fetch(`${base}/api/health`), cpu, seconds),
    );
  }
  probe.resume();
  const model = await hammer("instant model, repeated", ask(agentId), cpu);
  const during = (await probe.stop()).sort((a, b) => a - b);
  const failed = during.filter((t) => t === Number.POSITIVE_INFINITY).length;
  console.log(
    `  ${"  health meanwhile".padEnd(29)} ${String(during.length - failed).padStart(8)} ${"".padStart(8)} ${pct(during, 50).toFixed(1).padStart(8)} ${pct(during, 95).toFixed(1).padStart(8)} ${(during.filter((t) => t !== Number.POSITIVE_INFINITY).at(-1) ?? 0).toFixed(1).padStart(8)} ${"".padStart(17)}   ${failed ? `${failed} failed` : "none"} (1 client, every 50 ms, while answers ran)`,
  );
  const builtin = summed(builtinRounds);
  const builtinFresh = summed(freshRounds);
  const health = summed(healthRounds);
  const goal = POSTGRES ? 25 : 10;
  const percent = (x: number, of: number) => `${((100 * x) / Math.max(of, 1e-9)).toFixed(1)} %`;
  const spread = (rounds: Hammered[]) =>
    rounds.map((b, i) => percent(b.rps, healthRounds[i]!.rps)).join(", ");
  const cpuText = (h: Hammered) =>
    `${h.cpuMs === null ? "-" : h.cpuMs.toFixed(2)} server CPU ms${h.dbCpuMs === null ? "" : ` + ${h.dbCpuMs.toFixed(2)} database CPU ms`} per answer, ${((100 * h.fallbacks) / Math.max(h.ok, 1)).toFixed(0)} % of them the fallback`;
  console.log(
    "  (cpu/req: the server's CPU ms per request; db/req: its Postgres backends' — what the machine's load does not change)",
  );
  console.log(
    `  built-in, repeated questions (search cache hits${NO_CACHE ? "; none with --no-cache" : ""}): ${builtin.rps.toFixed(1)} answers/s, ${cpuText(builtin)}; ${percent(builtin.rps, health.rps)} of health (rounds: ${spread(builtinRounds)})`,
  );
  console.log(
    `  built-in, fresh questions (search cache misses): ${builtinFresh.rps.toFixed(1)} answers/s, ${cpuText(builtinFresh)}; ${percent(builtinFresh.rps, health.rps)} of health (rounds: ${spread(freshRounds)})`,
  );
  console.log(
    `  /api/health: ${health.rps.toFixed(0)} req/s, ${health.cpuMs?.toFixed(2) ?? "-"} server CPU ms each; issue 18's goal on ${POSTGRES ? "Postgres" : "PGlite"}: built-in answers ≥ ${goal} % of health's throughput; instant model (repeated questions) ${percent(model.rps, health.rps)}`,
  );
  return {
    builtin: builtin.rps,
    model: model.rps,
    health: health.rps,
    builtinCpuMs: builtin.cpuMs,
    healthCpuMs: health.cpuMs,
    builtinDbCpuMs: builtin.dbCpuMs,
    builtinFresh: builtinFresh.rps,
    builtinFreshCpuMs: builtinFresh.cpuMs,
    builtinFreshDbCpuMs: builtinFresh.dbCpuMs,
  };
}

/** One question in JSON mode: ms until the whole answer is back, and how it was answered. */
async function jsonQuestion(
  base: string,
  agentId: string,
  content: string,
): Promise<{ ms: number; mode: string }> {
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/public/agent/conversation/message`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ agent_id: agentId, content }),
  });
  const body = (await res.json()) as { data?: { message?: { mode?: string | null } } };
  if (res.status !== 200) throw new Error(`message: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t, mode: body.data?.message?.mode ?? "?" };
}

/** Step 4a: hits and misses, interleaved so that the machine's load weighs on both alike. */
async function missesAndHits(base: string, agentId: string): Promise<ChatSize["misses"]> {
  for (let i = 0; i < 3; i++) {
    await jsonQuestion(base, agentId, questionList[i]!);
    await jsonQuestion(base, agentId, missList[i]!);
  }
  const hits: number[] = [];
  const misses: number[] = [];
  let hitFallbacks = 0;
  let missFallbacks = 0;
  for (let i = 0; i < QUESTIONS; i++) {
    const hit = await jsonQuestion(base, agentId, questionList[i % questionList.length]!);
    const miss = await jsonQuestion(base, agentId, missList[i % missList.length]!);
    hits.push(hit.ms);
    misses.push(miss.ms);
    if (hit.mode === "fallback") hitFallbacks++;
    if (miss.mode === "fallback") missFallbacks++;
  }
  hits.sort((a, b) => a - b);
  misses.sort((a, b) => a - b);
  const line = (label: string, v: number[], fallbacks: number) =>
    console.log(
      `  ${label.padEnd(44)} ${pct(v, 50).toFixed(1).padStart(7)} ${pct(v, 95).toFixed(1).padStart(8)} ${(v.at(-1) ?? 0).toFixed(1).padStart(8)}   ${fallbacks}/${v.length} fallback`,
    );
  console.log(
    `  ${"JSON answer, request → response".padEnd(44)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}`,
  );
  line("hits (the documents answer them)", hits, hitFallbacks);
  line("misses (they cannot)", misses, missFallbacks);
  const ratio = pct(misses, 95) / Math.max(pct(hits, 95), 1e-9);
  console.log(`  miss / hit p95: ${ratio.toFixed(2)}× (issue 18's goal: ≤ 2×)`);
  return {
    hitP50: pct(hits, 50),
    hitP95: pct(hits, 95),
    missP50: pct(misses, 50),
    missP95: pct(misses, 95),
    count: QUESTIONS,
  };
}

/** Step 4b: /api/health every 50 ms from one client while two others send misses back to back. */
async function healthUnderMisses(base: string, agentId: string): Promise<ChatSize["healthUnderMisses"]> {
  const end = performance.now() + MISS_SECONDS * 1000;
  let sent = 0;
  const asking = Promise.all(
    [0, 1].map(async () => {
      while (performance.now() < end) await jsonQuestion(base, agentId, missList[sent++ % missList.length]!);
    }),
  );
  const probe = healthProbe(base);
  await asking;
  const probed = await probe.stop();
  const times = probed.filter((t) => t !== Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const failed = probed.length - times.length;
  console.log(
    `  /api/health while two misses run (${MISS_SECONDS} s, ${sent} misses): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms, ${failed} failed (issue 18's goal: p95 ≤ 250 ms)`,
  );
  return { p50: pct(times, 50), p95: pct(times, 95), failed, count: times.length + failed };
}

type Stream = {
  req: http.ClientRequest;
  started: boolean;
  lastDelta: number;
  ended: boolean;
  failed: string | null;
};

function openStream(base: string, agentId: string): Promise<Stream> {
  return new Promise((resolve) => {
    const url = new URL(`${base}/api/v1/public/agent/conversation/message`);
    const s: Stream = {
      req: undefined as unknown as http.ClientRequest,
      started: false,
      lastDelta: 0,
      ended: false,
      failed: null,
    };
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        resolve(s);
      }
    };
    s.req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          "x-forwarded-for": nextAddress(),
        },
      },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          s.failed = `HTTP ${res.statusCode}`;
          res.resume();
          settle();
          return;
        }
        res.setEncoding("utf8");
        res.on("data", (text: string) => {
          if (text.includes("event: start")) s.started = true;
          if (text.includes("event: delta")) {
            s.lastDelta = performance.now();
            settle(); // open: the model's first token has come through
          }
          if (text.includes("event: error")) s.failed = "error event";
        });
        res.on("end", () => {
          s.ended = true;
          settle();
        });
        res.on("error", () => {
          s.ended = true;
          settle();
        });
      },
    );
    s.req.on("error", (err) => {
      if (!s.failed && !s.ended) s.failed = err.message;
      s.ended = true;
      settle();
    });
    s.req.setTimeout(60_000, () => {
      s.failed = "timeout before first token";
      s.req.destroy();
      settle();
    });
    s.req.end(JSON.stringify({ agent_id: agentId, content: questionList[addressNo % questionList.length] }));
  });
}

/**
 * /api/health asked by one client every 50 ms while not paused, until stopped: what a load balancer's probe
 * sees. Each answer's milliseconds, infinite for a failure.
 */
function healthProbe(base: string) {
  const times: number[] = [];
  let paused = false;
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      if (paused) {
        await sleep(10);
        continue;
      }
      const t = performance.now();
      const ok = await fetch(`${base}/api/health`).then(
        async (res) => {
          await res.text();
          return res.status === 200;
        },
        () => false,
      );
      times.push(ok ? performance.now() - t : Number.POSITIVE_INFINITY);
      await sleep(50);
    }
    return times;
  })();
  return {
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
    },
    stop: () => {
      stopped = true;
      return running;
    },
  };
}

async function healthMs(base: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const ok = await new Promise<void>((resolve, reject) => {
      const r = http.get(`${base}/api/health`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`health ${res.statusCode}`)),
        );
      });
      r.on("error", reject);
      r.setTimeout(10_000, () => r.destroy(new Error("health timeout")));
    }).then(
      () => true,
      () => false,
    );
    times.push(ok ? performance.now() - t : Number.POSITIVE_INFINITY);
  }
  return times.sort((a, b) => a - b)[1]!;
}

async function streams(server: Server, agentId: string): Promise<void> {
  holdStreams = true;
  const open: Stream[] = [];
  const pid = server.child.pid!;
  console.log(
    `  ${"target".padStart(6)} ${"open+alive".padStart(10)} ${"failed".padStart(7)} ${"upstream".padStart(8)} ${"open in s".padStart(9)} ${"server RSS MB".padStart(13)} ${"health ms".padStart(9)}`,
  );
  console.log(
    `  ${"0".padStart(6)} ${"0".padStart(10)} ${"0".padStart(7)} ${String(heldUpstream.size).padStart(8)} ${"-".padStart(9)} ${treeRssMb(pid).toFixed(0).padStart(13)} ${(await healthMs(server.base)).toFixed(1).padStart(9)}`,
  );
  for (const target of STREAM_STEPS) {
    const t = performance.now();
    const want = target - open.length;
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < want) {
          next++;
          open.push(await openStream(server.base, agentId));
        }
      }),
    );
    const openSeconds = (performance.now() - t) / 1000;
    await sleep(4_500); // two more tokens for every stream
    const now = performance.now();
    const alive = open.filter((s) => !s.ended && !s.failed && now - s.lastDelta < 4_000).length;
    const failed = open.filter((s) => s.failed || s.ended).length;
    const health = await healthMs(server.base);
    console.log(
      `  ${String(target).padStart(6)} ${String(alive).padStart(10)} ${String(failed).padStart(7)} ${String(heldUpstream.size).padStart(8)} ${openSeconds.toFixed(1).padStart(9)} ${treeRssMb(pid).toFixed(0).padStart(13)} ${health.toFixed(1).padStart(9)}`,
    );
    if (failed > 0) {
      const reasons = new Map<string, number>();
      for (const s of open)
        if (s.failed || s.ended)
          reasons.set(s.failed ?? "ended", (reasons.get(s.failed ?? "ended") ?? 0) + 1);
      console.log(`  stopped: ${[...reasons].map(([k, v]) => `${k} ×${v}`).join(", ")}`);
      break;
    }
  }
  const t = performance.now();
  for (const s of open) s.req.destroy();
  while (heldUpstream.size > 0 && performance.now() - t < 15_000) await sleep(50);
  const closeMs = performance.now() - t;
  await sleep(1_000);
  console.log(
    `  closed ${open.length} visitor streams: the server hung up ${open.length - heldUpstream.size} upstream model streams in ${closeMs.toFixed(0)} ms (${heldUpstream.size} left); RSS after ${treeRssMb(pid).toFixed(0)} MB, health ${(await healthMs(server.base)).toFixed(1)} ms`,
  );
  for (const res of heldUpstream) res.destroy();
  holdStreams = false;
}

// ---------------------------------------------------------------------------------------------------------

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const llmPort = await freePort();
await new Promise<void>((r) => llm.listen(llmPort, "127.0.0.1", r));
const llmBase = `http://127.0.0.1:${llmPort}/v1`;
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
console.log(
  `model: in-process OpenAI-compatible stub "${MODEL}" (answers at once); rewrite = 2 queries; repeated questions: ${questionList.length} fixture questions (vi with and without diacritics, en) cycled; fresh questions: never asked before (scripts/bench/fresh-questions.ts)`,
);

/** Starts a server on the seeded data, runs `work` on it, and stops it (printing its log's tail on failure). */
async function withServer<T>(
  seeded: Seeded,
  noCache: boolean,
  work: (server: Server) => Promise<T>,
): Promise<T> {
  const server = await startServer(seeded.dataDir, llmBase, seeded.databaseUrl, noCache);
  try {
    return await work(server);
  } catch (err) {
    console.error(`server log (tail):\n${readFileSync(server.log, "utf8").slice(-3000)}`);
    throw err;
  } finally {
    await server.stop();
  }
}

/** Steps 1–3 on one server, as configured (remembered searches unless --no-cache). */
async function cachedSteps(seeded: Seeded, size: number, figures: ChatSize): Promise<void> {
  await withServer(seeded, NO_CACHE, async (server) => {
    // Never asked of this server (its search memory is its own), and none of the repeated ones.
    const fresh = freshQuestions(questionList);
    if (STEPS.has(1)) {
      console.log(
        `\n[1] sequential streamed public questions: ${QUESTIONS} fresh, then ${QUESTIONS} repeated (after 5 warm-up)`,
      );
      Object.assign(figures, await sequential(server.base, seeded.publicId, fresh));
    }
    if (size === SIZES[0] && STEPS.has(2)) {
      console.log(
        `\n[2] public chat throughput, JSON mode, 20 concurrent clients, ${LOAD_SECONDS} s each: an agent of ${seeded.other.toLocaleString("en")} passages answering in built-in quoting mode (repeated and fresh questions), then the one asked above with the instant model`,
      );
      figures.throughput = await load(
        server.base,
        seeded.publicId,
        seeded.builtinPublicId,
        cpuMeter(server.child.pid!, POSTGRES, seeded.databaseUrl),
        fresh,
      );
    }
    if (size === SIZES[0] && STEPS.has(3)) {
      console.log(
        "\n[3] open answer streams held by one server (model sends a token every 2 s; opened 50 at a time on a small agent with the fixture documents only, so opening is cheap and holding is what is measured)",
      );
      await streams(server, seeded.streamPublicId);
    }
  });
}

/** Step 4 on a server of its own that remembers no search: every question costs its statements. */
async function missSteps(seeded: Seeded, figures: ChatSize): Promise<void> {
  await withServer(seeded, true, async (server) => {
    console.log(
      `\n[4] misses vs hits, JSON mode, no remembered searches (${QUESTIONS} of each, interleaved, after 3 warm-up)`,
    );
    figures.misses = await missesAndHits(server.base, seeded.publicId);
    figures.healthUnderMisses = await healthUnderMisses(server.base, seeded.publicId);
  });
}

const result: ChatResult = { kind: "chat", database: POSTGRES ? "postgres" : "pglite", sizes: [] };
try {
  for (const size of SIZES) {
    const seeded = await seed(size);
    console.log(
      `\n=== ${size.toLocaleString("en")} passages for the agent asked (+ ${seeded.other.toLocaleString("en")} of another agent), ${POSTGRES ? "Postgres" : "PGlite"}; seeded in ${(seeded.seedMs / 1000).toFixed(1)} s ===`,
    );
    console.log(recallLine(seeded.recall));
    const figures: ChatSize = { passages: size };
    result.sizes.push(figures);
    try {
      if ([1, 2, 3].some((n) => STEPS.has(n))) await cachedSteps(seeded, size, figures);
      if (STEPS.has(4)) await missSteps(seeded, figures);
    } finally {
      if (KEEP) console.log(`kept: ${seeded.databaseUrl ?? seeded.dataDir}`);
      else {
        await seeded.drop?.();
        rmSync(seeded.dataDir, { recursive: true, force: true });
      }
    }
  }
  if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(result, null, 2));
} finally {
  llm.closeAllConnections();
  llm.close();
}
