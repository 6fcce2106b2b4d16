import "server-only";
import type { ChatModel } from "./models";

/**
 * A model's answer read straight from the provider's stream (doStream), each piece of text handed on as it
 * arrives. Not the AI SDK's streamText: its machinery (a chain of transform streams per answer, every part
 * recorded) cost each open answer hundreds of KB and, with hundreds open, most of the server's CPU
 * (issue 42, scripts/bench/streams.ts). Only text is asked for here: no tools, no steps, no retries.
 * Time limits as streamText's: to the first chunk, between chunks and in all; a timeout is a failure whose
 * message says "timeout". `signal` (the visitor leaving, the server shutting down) ends it without one.
 */
export type ModelTurn = { role: "user" | "assistant"; content: string };

export type ModelStreamInput = {
  system: string;
  messages: ModelTurn[];
  maxOutputTokens: number;
  temperature: number;
  signal: AbortSignal;
  timeouts: { totalMs: number; firstChunkMs: number; chunkMs: number };
};

export type ModelStreamOutcome = {
  /** What went wrong (an error part, a dropped connection, a timeout); null when the answer finished. */
  failure: unknown;
  inputTokens: number | null;
  outputTokens: number | null;
};

export async function streamModel(
  model: ChatModel,
  input: ModelStreamInput,
  onText: (text: string) => void,
): Promise<ModelStreamOutcome> {
  const { totalMs, firstChunkMs, chunkMs } = input.timeouts;
  const limit = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    limit.abort(new Error("model timeout: the answer took too long"));
  };
  const total = setTimeout(expire, totalMs);
  // Until the first chunk, then between chunks: one timer each, refreshed rather than made again per chunk.
  let idle = setTimeout(expire, firstChunkMs);
  let chunked = false;
  const outcome: ModelStreamOutcome = { failure: null, inputTokens: null, outputTokens: null };
  const signal = AbortSignal.any([input.signal, limit.signal]);
  try {
    const { stream } = await model.doStream({
      prompt: [
        { role: "system", content: input.system },
        ...input.messages.map((m) => ({
          role: m.role,
          content: [{ type: "text" as const, text: m.content }],
        })),
      ],
      maxOutputTokens: input.maxOutputTokens,
      temperature: input.temperature,
      abortSignal: signal,
    });
    const reader = stream.getReader();
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      if (signal.aborted) {
        // Ended here (the reader left, or a time limit): nothing more is read or handed on.
        void reader.cancel().catch(() => {});
        break;
      }
      if (!chunked) {
        chunked = true;
        clearTimeout(idle);
        idle = setTimeout(expire, chunkMs);
      } else {
        idle.refresh();
      }
      if (part.type === "text-delta") {
        if (part.delta) onText(part.delta);
      } else if (part.type === "error") {
        outcome.failure = part.error;
      } else if (part.type === "finish") {
        outcome.inputTokens = part.usage.inputTokens.total ?? null;
        outcome.outputTokens = part.usage.outputTokens.total ?? null;
      }
    }
  } catch (err) {
    outcome.failure = err;
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
  }
  if (timedOut && !input.signal.aborted)
    outcome.failure = new Error("model timeout: the answer took too long");
  return outcome;
}
