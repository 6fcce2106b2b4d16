import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { ANSWERABLE, FIXTURE_FILES } from "@/tests/helpers/chat-quality-cases";
import { createDatabase, startTestServer } from "@/tests/helpers/server";
import { addressCounter, seedModelAgent } from "./model-agent";
import { BENCH_MODEL, chunkLine, readBody } from "./openai-sse.ts";

/**
 * npm exec tsx scripts/bench/chat-model.ts [-- options] — issue 42 item 1: how soon a visitor sees the first
 * word of an answer when a real-paced model writes it. A local OpenAI-compatible model (this process, on
 * loopback) answers its first token after --first-token ms (300) and then --pace tokens a second (20); a
 * non-streamed call (the product's query rewrite) takes the same first-token wait plus its 20 tokens.
 * Against it: the product (production build, `npm run build` first) and the floor, a plain Node relay that
 * pipes the same model's stream to the client. Reported, p50/p95 over the requests: time to the first
 * text token for 1 and for --visitors (20) concurrent visitors, for a conversation's first question and
 * for a follow-up that leans on the conversation with a pronoun (the model's rewrite path), and the time
 * the product's `sources` event arrives. With TEST_DATABASE_URL (an admin URL) on Postgres, else PGlite.
 * Figures only; never a pass/fail test.
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const FIRST_TOKEN_MS = Number(arg("first-token", "300"));
const PACE = Number(arg("pace", "20"));
const VISITORS = Number(arg("visitors", "20"));
const ROUNDS = Number(arg("rounds", "20"));
/** A folder for the server's V8 CPU profiles (`--cpu-prof`): where an answer's time goes. */
const PROFILE_DIR = arg("profile", "");
const ANSWER_TOKENS = 20;
const REWRITE_TOKENS = 20;
const MODEL = BENCH_MODEL;
const FIXTURES = path.join(process.cwd(), "tests/fixtures/chat-quality");

// ---------------------------------------------------------------------------------------------------------
// The model: first token after FIRST_TOKEN_MS, then PACE tokens a second.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let modelCalls = { stream: 0, rewrite: 0 };

const model = http.createServer(async (req, res) => {
  if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return res.writeHead(404).end();
  const body = JSON.parse(await readBody(req)) as { stream?: boolean; messages?: { content: unknown }[] };
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  if (body.stream !== true) {
    modelCalls.rewrite++;
    // The rewrite: the standalone query a model would write for the bench's follow-ups, and the question.
    const prompt = String(body.messages?.at(-1)?.content ?? "");
    const question = prompt.split("Question: ").at(-1)?.trim() ?? "";
    const standalone = FOLLOW_UPS.find((f) => f.followUp === question)?.standalone ?? question;
    await sleep(FIRST_TOKEN_MS + ((REWRITE_TOKENS - 1) * 1000) / PACE);
    if (closed) return;
    const text = `${standalone}\n${question}`;
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-bench",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: MODEL,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: { prompt_tokens: 120, completion_tokens: REWRITE_TOKENS, total_tokens: 140 },
      }),
    );
    return;
  }
  modelCalls.stream++;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  await sleep(FIRST_TOKEN_MS);
  for (let i = 0; i < ANSWER_TOKENS && !closed; i++) {
    if (i > 0) await sleep(1000 / PACE);
    const text = i === 0 ? "Theo tài liệu [1]" : ` từ${i}`;
    res.write(chunkLine(i === 0 ? { role: "assistant", content: text } : { content: text }, null));
  }
  if (closed) return;
  res.write(
    chunkLine({}, "stop", { prompt_tokens: 900, completion_tokens: ANSWER_TOKENS, total_tokens: 920 }),
  );
  res.end("data: [DONE]\n\n");
});

// The floor: a plain Node relay that forwards the visitor's request to the model and pipes its stream back.
function relayTo(modelBase: string) {
  return http.createServer(async (req, res) => {
    const body = await readBody(req);
    const up = await fetch(`${modelBase}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    res.writeHead(up.status, { "content-type": "text/event-stream" });
    for await (const part of up.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
    res.end();
  });
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------------------
// Seeding: one agent answering with the model, the quality fixtures as its documents.

async function seed(dataDir: string, databaseUrl: string | null): Promise<string> {
  return seedModelAgent({
    dataDir,
    databaseUrl,
    name: "Bench business",
    fixtures: FIXTURES,
    files: [...new Set(Object.values(FIXTURE_FILES).flat())],
    model: MODEL,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Clients.

const nextAddress = addressCounter();

type Timing = {
  firstToken: number;
  sources: number | null;
  conversationId: string | null;
  /** The model wrote the answer (not the fallback message). */
  answered: boolean;
  cookie?: string;
};

/** Reads a streamed response to its end; times (from t0) of the first text and of the sources event. */
async function timeStream(res: Response, t0: number, firstText: RegExp): Promise<Timing> {
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  let firstToken: number | null = null;
  let sources: number | null = null;
  let conversationId: string | null = null;
  let answered = false;
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(part, { stream: true });
    const now = performance.now() - t0;
    if (sources === null && buffer.includes("event: sources")) sources = now;
    if (firstToken === null && firstText.test(buffer)) firstToken = now;
    conversationId ??= /"conversation_id":"([^"]+)"/.exec(buffer)?.[1] ?? null;
    answered ||= buffer.includes("Theo tài liệu");
    if (buffer.length > 4096) buffer = buffer.slice(-1024);
  }
  if (firstToken === null) throw new Error("the stream ended without text");
  return { firstToken, sources, conversationId, answered };
}

function product(base: string, agentId: string) {
  return async (
    content: string,
    conversationId?: string,
    address = nextAddress(),
    cookie?: string,
  ): Promise<Timing> => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        "x-forwarded-for": address,
        // A request with the visitor's cookie must say it comes from the site (the CSRF check).
        ...(cookie ? { cookie, origin: base } : {}),
      },
      body: JSON.stringify({ agent_id: agentId, content, conversation_id: conversationId }),
    });
    // The visitor's cookie: a conversation is continued only by the visitor who started it.
    const set = res.headers
      .getSetCookie()
      .find((c) => /^(__Host-)?visitor=/.test(c))
      ?.split(";")[0];
    return { ...(await timeStream(res, t0, /event: delta/)), cookie: set ?? cookie };
  };
}

function floor(base: string) {
  return async (content: string): Promise<Timing> => {
    const t0 = performance.now();
    const res = await fetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL, stream: true, messages: [{ role: "user", content }] }),
    });
    return timeStream(res, t0, /"content":"[^"]/);
  };
}

const firstQuestions = ANSWERABLE.filter((c) => !c.history).map((c) => c.q);
/** Follow-ups that name their subject only by a pronoun: the built-in reading cannot, the model rewrites. */
const FOLLOW_UPS = [
  {
    first: "How much is teeth whitening?",
    followUp: "How long does that treatment take for one patient?",
    standalone: "How long does a teeth whitening session take?",
  },
  {
    first: "How much is a logo?",
    followUp: "Can I pay for it after the delivery is finished?",
    standalone: "Can I pay the rest of a logo design after delivery?",
  },
  {
    first: "Bánh kem sinh nhật có những size nào?",
    followUp: "Loại đó có giao hàng tận nhà buổi tối không?",
    standalone: "Bánh kem sinh nhật có giao hàng vào buổi tối không?",
  },
];

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const ms = (v: number) => `${Math.round(v).toLocaleString("en")}`;
const line = (label: string, t: Timing[], withSources = false) => {
  const first = t.map((x) => x.firstToken);
  const src = t.map((x) => x.sources).filter((x): x is number => x !== null);
  console.log(
    `  ${label.padEnd(46)} first token p50 ${ms(pct(first, 50)).padStart(6)} / p95 ${ms(pct(first, 95)).padStart(6)} ms` +
      (withSources && src.length ? `   sources p50 ${ms(pct(src, 50))} / p95 ${ms(pct(src, 95))} ms` : ""),
  );
  return { p50: pct(first, 50), p95: pct(first, 95), sourcesP50: src.length ? pct(src, 50) : null };
};

/** `visitors` at once, each asking `rounds` questions one after another. */
async function concurrent<T>(
  visitors: number,
  rounds: number,
  one: (visitor: number, round: number) => Promise<T>,
) {
  const out: T[] = [];
  await Promise.all(
    Array.from({ length: visitors }, async (_, v) => {
      for (let r = 0; r < rounds; r++) out.push(await one(v, r));
    }),
  );
  return out;
}

async function main() {
  const admin = process.env.TEST_DATABASE_URL;
  const modelBase = `${await listen(model)}/v1`;
  const relay = relayTo(modelBase);
  const relayBase = await listen(relay);
  const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-chat-model-"));
  const database = admin ? await createDatabase(admin) : null;
  const agentId = await seed(dataDir, database?.url ?? null);
  const server = await startTestServer({
    reuse: { dataDir, databaseUrl: database?.url ?? null },
    env: {
      LLM_BASE_URL: modelBase,
      LLM_MODELS: MODEL,
      LLM_TIMEOUT_SECONDS: "60",
      TRUSTED_PROXIES: "127.0.0.1",
      LOG_LEVEL: "warn",
      CHAT_LIMIT_VISITOR_PER_MINUTE: "1000000",
      CHAT_LIMIT_ADDRESS_PER_MINUTE: "1000000",
      CHAT_LIMIT_AGENT_PER_MINUTE: "1000000",
      CHAT_LIMIT_VISITOR_PER_DAY: "1000000",
      CHAT_LIMIT_ADDRESS_PER_DAY: "1000000",
      CHAT_LIMIT_ADDRESS_DAILY_SHARE: "100",
      CHAT_LIMIT_AGENT_DAILY_SHARE: "100",
      CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR: "1000000",
      ...(PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(PROFILE_DIR)}` } : {}),
    },
  });
  const ask = product(server.baseUrl, agentId);
  const relayAsk = floor(relayBase);
  try {
    console.log(
      `chat-model bench: ${admin ? "Postgres" : "PGlite"}, ${cpus().length} cores, Node ${process.version}; model: first token ${FIRST_TOKEN_MS} ms, ${PACE} tokens/s, rewrite ${REWRITE_TOKENS} tokens`,
    );
    // Warm-up: every code path once (first questions, a follow-up, the relay).
    for (const q of firstQuestions.slice(0, 5)) await ask(q);
    const warm = await ask(FOLLOW_UPS[0]!.first);
    await ask(FOLLOW_UPS[0]!.followUp, warm.conversationId!, undefined, warm.cookie);
    for (let i = 0; i < 3; i++) await relayAsk("warm");

    const q = (i: number) => firstQuestions[i % firstQuestions.length]!;
    const floor1 = await concurrent(1, ROUNDS, (_, r) => relayAsk(q(r)));
    modelCalls = { stream: 0, rewrite: 0 };
    const product1 = await concurrent(1, ROUNDS, (_, r) => ask(q(r)));
    const calls1 = { ...modelCalls };
    const floorN = await concurrent(VISITORS, 5, (v, r) => relayAsk(q(v * 5 + r)));
    const productN = await concurrent(VISITORS, 5, (v, r) => ask(q(v * 5 + r)));
    // Follow-ups: the first question unmeasured, then the follow-up in its conversation, measured.
    modelCalls = { stream: 0, rewrite: 0 };
    const follow = await concurrent(1, ROUNDS, async (_, r) => {
      const f = FOLLOW_UPS[r % FOLLOW_UPS.length]!;
      const address = nextAddress();
      const started = await ask(f.first, undefined, address);
      return ask(f.followUp, started.conversationId!, address, started.cookie);
    });
    const followCalls = { ...modelCalls };

    console.log(
      `\nfirst question of a conversation (${ROUNDS} sequential; ${VISITORS} visitors × 5 at once)`,
    );
    const f1 = line("floor (Node relay), 1 visitor", floor1);
    const p1 = line("product, 1 visitor", product1, true);
    const fN = line(`floor (Node relay), ${VISITORS} visitors`, floorN);
    const pN = line(`product, ${VISITORS} visitors`, productN, true);
    console.log(
      `  model calls per first question: ${(calls1.stream / ROUNDS).toFixed(2)} streamed, ${(calls1.rewrite / ROUNDS).toFixed(2)} rewrite`,
    );
    console.log(`\nfollow-up naming its subject by a pronoun (the model's rewrite), ${ROUNDS} sequential`);
    const pf = line("product, 1 visitor", follow, true);
    console.log(
      `  follow-ups the model answered (not the fallback): ${follow.filter((t) => t.answered).length} of ${ROUNDS}`,
    );
    console.log(
      `  model calls per question pair: ${(followCalls.stream / ROUNDS).toFixed(2)} streamed, ${(followCalls.rewrite / ROUNDS).toFixed(2)} rewrite`,
    );
    console.log("\ngoals (issue 42 item 1)");
    const goal = (label: string, value: number, limit: number) =>
      console.log(
        `  ${label.padEnd(60)} ${ms(value).padStart(6)} ms ≤ ${ms(limit)} ms: ${value <= limit ? "met" : "NOT met"}`,
      );
    goal("product first token p95, 1 visitor ≤ model's own + 50", p1.p95, FIRST_TOKEN_MS + 50);
    goal(`product first token p95, ${VISITORS} visitors ≤ model's own + 150`, pN.p95, FIRST_TOKEN_MS + 150);
    goal("follow-up with the model's rewrite, p95 ≤ model's first token × 2", pf.p95, FIRST_TOKEN_MS * 2);
    console.log(
      `  ratios to the floor (p50/p95): 1 visitor ${(p1.p50 / f1.p50).toFixed(2)}× / ${(p1.p95 / f1.p95).toFixed(2)}×, ${VISITORS} visitors ${(pN.p50 / fN.p50).toFixed(2)}× / ${(pN.p95 / fN.p95).toFixed(2)}×`,
    );
  } finally {
    await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    model.closeAllConnections();
    relay.closeAllConnections();
    model.close();
    relay.close();
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
