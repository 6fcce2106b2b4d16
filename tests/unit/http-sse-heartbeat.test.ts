import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heartbeatStreams, sseResponse } from "@/lib/http/sse";

/**
 * Open answer streams share one keep-alive timer (issue 42: hundreds of open streams must cost little):
 * however many are open there is one timer, it beats every one of them, and it is gone with the last.
 */
type Open = {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  /** what the stream has sent so far, taken by take() */
  received: string[];
  finish: () => void;
  aborter: AbortController;
};

function open(): Open {
  let finish!: () => void;
  const done = new Promise<void>((r) => {
    finish = r;
  });
  const aborter = new AbortController();
  const req = new Request("http://localhost/stream", { signal: aborter.signal });
  const res = sseResponse(req, async (out) => {
    out.send("start", { n: 1 });
    await done;
  });
  const s: Open = { reader: res.body!.getReader(), received: [], finish, aborter };
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const next = await s.reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) return;
      s.received.push(decoder.decode(next.value));
    }
  })();
  return s;
}

/** What the stream sent since the last take, once every pending read has had its turn. */
async function take(s: Open): Promise<string> {
  await new Promise((r) => setImmediate(r));
  return s.received.splice(0).join("");
}

describe("SSE keep-alive", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps 200 open streams alive with one timer, and stops it with the last stream", async () => {
    const before = vi.getTimerCount();
    const streams = Array.from({ length: 200 }, open);
    const starts = await Promise.all(streams.map(take));
    expect(starts.every((t) => t.startsWith("event: start\n"))).toBe(true);
    expect(heartbeatStreams()).toBe(200);
    expect(vi.getTimerCount() - before).toBe(1);

    vi.advanceTimersByTime(15_000);
    const beats = await Promise.all(streams.map(take));
    expect(beats.every((t) => t === ": keep-alive\n\n")).toBe(true);

    // Half end by themselves, half are cancelled by their readers: none is beaten any more.
    for (const [i, s] of streams.entries()) {
      if (i % 2 === 0) s.finish();
      else await s.reader.cancel();
    }
    await vi.waitFor(() => expect(heartbeatStreams()).toBe(0));
    expect(vi.getTimerCount() - before).toBe(0);
  });

  it("does not beat a stream whose reader has gone, while others stay beaten", async () => {
    const [gone, stays] = [open(), open()];
    await Promise.all([take(gone), take(stays)]);
    gone.aborter.abort();
    await gone.reader.cancel();
    vi.advanceTimersByTime(15_000);
    expect(await take(stays)).toBe(": keep-alive\n\n");
    expect(await take(gone)).toBe("");
    expect(heartbeatStreams()).toBe(1);
    stays.finish();
    await vi.waitFor(() => expect(heartbeatStreams()).toBe(0));
  });
});
