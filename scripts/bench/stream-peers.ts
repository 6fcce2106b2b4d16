import http from "node:http";
import { BENCH_MODEL, chunkLine, readBody } from "./openai-sse.ts";

/**
 * The two peers of scripts/bench/streams.ts, each run as its own Node process (plain `node`, no tsx: only
 * erasable types here) so that neither the bench's 500 clients nor the model's 500 answers share a thread
 * or a resident-memory figure with what is measured:
 *   node scripts/bench/stream-peers.ts model <first-token ms> <tokens/s> <tokens>
 *     an OpenAI-compatible model: a streamed answer's first token after <first-token ms>, then <tokens/s>,
 *     <tokens> in all; a non-streamed call (a query rewrite) answers the question's last line at once.
 *   node scripts/bench/stream-peers.ts relay <model base url>
 *     the floor: a plain Node relay that forwards a request to the model and pipes its stream back, and
 *     answers GET /api/health with a small JSON body, as the product's probe would be answered.
 * Each prints its port on stdout once it listens.
 */
const [kind, ...rest] = process.argv.slice(2);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const MODEL = BENCH_MODEL;

function model(firstTokenMs: number, pace: number, tokens: number): http.Server {
  return http.createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as { stream?: boolean; messages?: { content: unknown }[] };
    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    if (body.stream !== true) {
      const question = String(body.messages?.at(-1)?.content ?? "")
        .split("Question: ")
        .at(-1)
        ?.trim();
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "chatcmpl-bench",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: MODEL,
          choices: [{ index: 0, message: { role: "assistant", content: question }, finish_reason: "stop" }],
          usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    await sleep(firstTokenMs);
    for (let i = 0; i < tokens && !closed; i++) {
      if (i > 0) await sleep(1000 / pace);
      const text = i === 0 ? "Theo tài liệu [1]" : ` từ${i}`;
      res.write(chunkLine(i === 0 ? { role: "assistant", content: text } : { content: text }, null));
    }
    if (closed) return;
    res.write(
      chunkLine({}, "stop", { prompt_tokens: 900, completion_tokens: tokens, total_tokens: 900 + tokens }),
    );
    res.end("data: [DONE]\n\n");
  });
}

function relay(modelBase: string): http.Server {
  return http.createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/api/health") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"data":{"status":"ok"}}');
      return;
    }
    const body = await readBody(req);
    const aborter = new AbortController();
    res.on("close", () => aborter.abort());
    try {
      const up = await fetch(`${modelBase}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: aborter.signal,
      });
      res.writeHead(up.status, { "content-type": "text/event-stream" });
      for await (const part of up.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
      res.end();
    } catch {
      res.destroy();
    }
  });
}

const server =
  kind === "model"
    ? model(Number(rest[0] ?? 300), Number(rest[1] ?? 20), Number(rest[2] ?? 400))
    : kind === "relay"
      ? relay(rest[0] ?? "")
      : null;
if (!server) {
  console.error("usage: stream-peers.ts model <first-token ms> <tokens/s> <tokens> | relay <model base url>");
  process.exit(2);
}
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  console.log(String((server.address() as { port: number }).port));
});
process.on("SIGTERM", () => process.exit(0));
