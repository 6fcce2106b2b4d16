import { describe, expect, it } from "vitest";
import type { ModelStreamInput } from "@/lib/chat/model-stream";
import { streamModel } from "@/lib/chat/model-stream";
import type { ChatModel } from "@/lib/chat/models";

/**
 * An answer read straight from the provider's stream (issue 42: no streamText machinery per open answer):
 * the same text, usage and failures as before, its time limits, and nothing kept once it has ended.
 */
type Part =
  | { type: "stream-start"; warnings: [] }
  | { type: "text-start"; id: string }
  | { type: "text-delta"; id: string; delta: string }
  | { type: "error"; error: unknown }
  | {
      type: "finish";
      finishReason: { unified: "stop"; raw: "stop" };
      usage: {
        inputTokens: { total: number; noCache: undefined; cacheRead: undefined; cacheWrite: undefined };
        outputTokens: { total: number; text: undefined; reasoning: undefined };
      };
    };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A model whose stream sends `parts`, each after `gap(i)` ms, and records what it was asked. */
function fakeModel(parts: Part[], gap: (i: number) => number = () => 0) {
  const calls: { prompt: unknown; signal: AbortSignal | undefined; maxOutputTokens?: number }[] = [];
  const model = {
    doStream: async (options: { prompt: unknown; abortSignal?: AbortSignal; maxOutputTokens?: number }) => {
      calls.push({
        prompt: options.prompt,
        signal: options.abortSignal,
        maxOutputTokens: options.maxOutputTokens,
      });
      let i = 0;
      const stream = new ReadableStream<Part>({
        async pull(controller) {
          if (i >= parts.length) return controller.close();
          await new Promise<void>((resolve, reject) => {
            if (options.abortSignal?.aborted) return reject(options.abortSignal.reason);
            const t = setTimeout(resolve, gap(i));
            options.abortSignal?.addEventListener("abort", () => {
              clearTimeout(t);
              reject(options.abortSignal!.reason ?? new Error("aborted"));
            });
          });
          controller.enqueue(parts[i++]!);
        },
      });
      return { stream };
    },
  };
  return { model: model as unknown as ChatModel, calls };
}

const text = (delta: string): Part => ({ type: "text-delta", id: "t", delta });
const finish: Part = {
  type: "finish",
  finishReason: { unified: "stop", raw: "stop" },
  usage: {
    inputTokens: { total: 120, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 3, text: undefined, reasoning: undefined },
  },
};

const input = (over: Partial<ModelStreamInput> = {}): ModelStreamInput => ({
  system: "You answer from the sources.",
  messages: [
    { role: "user", content: "When do you open?" },
    { role: "assistant", content: "At 7." },
    { role: "user", content: "And on Sunday?" },
  ],
  maxOutputTokens: 500,
  temperature: 0.2,
  signal: new AbortController().signal,
  timeouts: { totalMs: 5_000, firstChunkMs: 5_000, chunkMs: 5_000 },
  ...over,
});

describe("streamModel", () => {
  it("hands on every piece of text in order, with the usage, and asks with the system text and the turns", async () => {
    const { model, calls } = fakeModel([
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      text("Sunday "),
      text("8 to 14 "),
      text("[1]"),
      finish,
    ]);
    const got: string[] = [];
    const outcome = await streamModel(model, input(), (t) => got.push(t));
    expect(got).toEqual(["Sunday ", "8 to 14 ", "[1]"]);
    expect(outcome).toEqual({ failure: null, inputTokens: 120, outputTokens: 3 });
    expect(calls[0]!.maxOutputTokens).toBe(500);
    expect(calls[0]!.prompt).toEqual([
      { role: "system", content: "You answer from the sources." },
      { role: "user", content: [{ type: "text", text: "When do you open?" }] },
      { role: "assistant", content: [{ type: "text", text: "At 7." }] },
      { role: "user", content: [{ type: "text", text: "And on Sunday?" }] },
    ]);
  });

  it("reports an error part as the failure and keeps the text before it", async () => {
    const { model } = fakeModel([text("Half "), { type: "error", error: new Error("upstream said no") }]);
    const got: string[] = [];
    const outcome = await streamModel(model, input(), (t) => got.push(t));
    expect(got).toEqual(["Half "]);
    expect((outcome.failure as Error).message).toBe("upstream said no");
  });

  it("gives up on a model that sends nothing, after the first-chunk limit, as a timeout", async () => {
    const { model, calls } = fakeModel([text("late")], () => 10_000);
    const started = Date.now();
    const outcome = await streamModel(
      model,
      input({ timeouts: { totalMs: 5_000, firstChunkMs: 150, chunkMs: 5_000 } }),
      () => {},
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(String(outcome.failure)).toMatch(/timeout/);
    expect(calls[0]!.signal!.aborted).toBe(true);
  });

  it("gives up when the model stalls between chunks, keeping what came", async () => {
    const { model } = fakeModel([text("one "), text("two "), text("never")], (i) => (i < 2 ? 10 : 10_000));
    const got: string[] = [];
    const outcome = await streamModel(
      model,
      input({ timeouts: { totalMs: 5_000, firstChunkMs: 1_000, chunkMs: 200 } }),
      (t) => got.push(t),
    );
    expect(got).toEqual(["one ", "two "]);
    expect(String(outcome.failure)).toMatch(/timeout/);
  });

  it("does not time out a model that keeps sending, each chunk within the between-chunks limit", async () => {
    const { model } = fakeModel([...Array.from({ length: 8 }, (_, i) => text(`w${i} `)), finish], () => 60);
    const got: string[] = [];
    const outcome = await streamModel(
      model,
      input({ timeouts: { totalMs: 5_000, firstChunkMs: 200, chunkMs: 200 } }),
      (t) => got.push(t),
    );
    expect(outcome.failure).toBeNull();
    expect(got).toHaveLength(8);
  });

  it("ends without a timeout failure when the reader leaves, and stops the model", async () => {
    const aborter = new AbortController();
    const { model, calls } = fakeModel([text("a "), text("b "), text("c")], (i) => (i === 0 ? 0 : 10_000));
    const got: string[] = [];
    const done = streamModel(model, input({ signal: aborter.signal }), (t) => {
      got.push(t);
      aborter.abort();
    });
    const outcome = await done;
    expect(got).toEqual(["a "]);
    expect(calls[0]!.signal!.aborted).toBe(true);
    expect(String(outcome.failure)).not.toMatch(/timeout/);
    await sleep(0);
  });
});
