import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatStreamError, streamChatMessage } from "@/lib/client/chat-stream";

const enc = new TextEncoder();
const message = (over: object = {}) => ({
  id: "msg_a",
  conversation_id: "conv_1",
  role: "assistant",
  content: "Mở cửa 7 giờ.",
  sources: [],
  mode: "quote",
  status: "complete",
  language: "vi",
  feedback: null,
  inserted_at: "2026-01-01T00:00:00Z",
  ...over,
});

function sse(text: string, cut = 5) {
  const bytes = enc.encode(text);
  return new Response(
    new ReadableStream({
      start(c) {
        for (let i = 0; i < bytes.length; i += cut) c.enqueue(bytes.slice(i, i + cut));
        c.close();
      },
    }),
    { status: 200, headers: { "content-type": "text/event-stream" } },
  );
}

const ev = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe("streamChatMessage", () => {
  it("posts with Accept: text/event-stream and follows start, sources, deltas and done", async () => {
    const fetch = vi.fn(async () =>
      sse(
        ev("start", { conversation_id: "conv_1", question: message({ role: "user" }), message_id: "msg_a" }) +
          ev("sources", { sources: [{ document_id: "d1", title: "Giờ", url: null, snippet: "…" }] }) +
          ev("delta", { text: "Mở cửa " }) +
          ev("delta", { text: "7 giờ." }) +
          ev("done", { message: message() }),
        3,
      ),
    );
    vi.stubGlobal("fetch", fetch);
    const seen: string[] = [];
    const done = await streamChatMessage(
      { kind: "public", agentId: "agent_x" },
      { content: "Mấy giờ?", locale: "vi" },
      {
        onStart: (e) => seen.push(`start ${e.conversation_id}`),
        onSources: (s) => seen.push(`sources ${s.length}`),
        onDelta: (t) => seen.push(t),
      },
    );
    expect(seen).toEqual(["start conv_1", "sources 1", "Mở cửa ", "7 giờ."]);
    expect(done?.content).toBe("Mở cửa 7 giờ.");
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/v1/public/agent/conversation/message");
    expect((init.headers as Record<string, string>).accept).toBe("text/event-stream");
    expect(JSON.parse(init.body as string)).toEqual({
      agent_id: "agent_x",
      content: "Mấy giờ?",
      locale: "vi",
    });
  });

  it("turns a 429 into an error with the translated detail and Retry-After", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { error: { status: 429, message: "chat_limit_visitor", detail: "Bạn hỏi hơi nhanh, vui lòng chờ." } },
        { status: 429, headers: { "retry-after": "30" } },
      ),
    );
    const err = await streamChatMessage({ kind: "public", agentId: "agent_x" }, { content: "hi" }, {}).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ChatStreamError);
    expect(err).toMatchObject({ status: 429, code: "chat_limit_visitor", retryAfter: 30 });
    expect(err.detail).toBe("Bạn hỏi hơi nhanh, vui lòng chờ.");
  });

  it("turns an error event into an error carrying the failed message's id", async () => {
    vi.stubGlobal("fetch", async () =>
      sse(
        ev("delta", { text: "Mở" }) +
          ev("error", {
            error: { status: 502, message: "model_failed", detail: "Mô hình không trả lời." },
            message_id: "msg_f",
          }),
      ),
    );
    const deltas: string[] = [];
    const err = await streamChatMessage(
      { kind: "owner" },
      { content: "hi" },
      { onDelta: (t) => deltas.push(t) },
    ).catch((e) => e);
    expect(deltas).toEqual(["Mở"]);
    expect(err).toMatchObject({ code: "model_failed", detail: "Mô hình không trả lời.", messageId: "msg_f" });
  });

  it("reports a stream that ends without done as interrupted, and a stop as aborted", async () => {
    vi.stubGlobal("fetch", async () => sse(ev("delta", { text: "Mở" })));
    await expect(streamChatMessage({ kind: "owner" }, { content: "hi" }, {})).rejects.toMatchObject({
      code: "stream_interrupted",
    });
    vi.stubGlobal("fetch", async (_: string, init: RequestInit) => {
      if (init.signal?.aborted) throw new DOMException("aborted", "AbortError");
      return sse("");
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      streamChatMessage({ kind: "owner" }, { content: "hi" }, {}, controller.signal),
    ).rejects.toMatchObject({
      code: "aborted",
    });
  });
});
