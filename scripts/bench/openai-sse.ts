import type { IncomingMessage } from "node:http";

/**
 * What the benches' paced model peers (chat-model.ts in process, stream-peers.ts as its own plain-`node`
 * process) share: reading a request's body and writing one OpenAI-compatible stream chunk. No imports but
 * Node's and only erasable types, so plain `node` runs it.
 */
export const BENCH_MODEL = "bench-paced";

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

export const chunkLine = (delta: Record<string, unknown>, finish: string | null, usage?: unknown) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: BENCH_MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  })}\n\n`;
