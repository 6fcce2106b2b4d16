import { describe, expect, it } from "vitest";
import type { AnswerEvent, Asked } from "@/lib/chat/ask";
import type { ConversationRow, MessageRow } from "@/lib/chat/conversations";
import { answerResponse, messageFacts, visitorRequest } from "@/lib/chat/transport";
import { createSseParser, type SseEvent } from "@/lib/client/sse";
import { ApiError } from "@/lib/http/errors";
import { CHALLENGE_HEADER } from "@/lib/limits/challenge";

/** The HTTP side of the chat engine: ask()'s events as SSE or as one JSON answer (docs/chat-api.md). */
const conversation = { id: "c-1", publicId: "conv_1", agentId: "a-1" } as ConversationRow;
const row = (publicId: string, role: "user" | "assistant", content: string) =>
  ({
    publicId,
    role,
    content,
    sources: [],
    mode: role === "assistant" ? "quote" : null,
    status: "complete",
    language: "en",
    feedbackHelpful: null,
    feedbackComment: null,
    insertedAt: new Date("2026-01-01T00:00:00Z"),
  }) as unknown as MessageRow;
const question = row("msg_q", "user", "When do you open?");
const answer = row("msg_a", "assistant", "At 7.");
const source = { n: 1, document_id: "d", title: "Hours", snippet: "7am" } as never;

function asked(events: AnswerEvent[], seen: AbortSignal[] = []): Asked {
  return {
    conversation,
    question,
    async *events(signal) {
      seen.push(signal);
      yield* events;
    },
  };
}

const answered: AnswerEvent[] = [
  { type: "start", messageId: "msg_a" },
  { type: "sources", sources: [source] },
  { type: "delta", text: "At " },
  { type: "delta", text: "7." },
  { type: "done", message: answer },
];

const request = (accept: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/v1/agent/conversation/message", {
    method: "POST",
    headers: { accept, ...headers },
  });

async function sseEvents(res: Response): Promise<{ event: string; data: unknown }[]> {
  const out: SseEvent[] = [];
  const parser = createSseParser((e) => out.push(e));
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
  return out.map((e) => ({ event: e.event, data: JSON.parse(e.data) }));
}

describe("chat transport", () => {
  it("streams the events as server-sent events, with the visitor cookie", async () => {
    const res = await answerResponse(request("text/event-stream"), asked(answered), {
      "set-cookie": "visitor=1",
    });
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("set-cookie")).toBe("visitor=1");
    const events = await sseEvents(res);
    expect(events.map((e) => e.event)).toEqual(["start", "sources", "delta", "delta", "done"]);
    expect(events[0]!.data).toEqual({
      conversation_id: "conv_1",
      question: expect.objectContaining({ id: "msg_q", conversation_id: "conv_1", role: "user" }),
      message_id: "msg_a",
    });
    expect(events[1]!.data).toEqual({ sources: [source] });
    expect(events[2]!.data).toEqual({ text: "At " });
    expect(events[4]!.data).toEqual({
      message: expect.objectContaining({ id: "msg_a", content: "At 7.", conversation_id: "conv_1" }),
    });
  });

  it("says a failed answer as an error event in the request's language", async () => {
    const failed: AnswerEvent[] = [
      { type: "start", messageId: "msg_a" },
      { type: "error", errorKey: "chat_upstream_timeout", messageId: "msg_a" },
    ];
    const res = await answerResponse(
      request("text/event-stream", { "accept-language": "vi" }),
      asked(failed),
    );
    expect(res.headers.get("set-cookie")).toBeNull();
    const [, error] = await sseEvents(res);
    expect(error).toEqual({
      event: "error",
      data: {
        error: { status: 503, message: "service_unavailable", detail: expect.any(String) },
        message_id: "msg_a",
      },
    });
    expect((error!.data as { error: { detail: string } }).error.detail).not.toContain("errors.");
  });

  it("answers JSON once the answer is stored, reading with the request's signal", async () => {
    const req = request("application/json");
    const seen: AbortSignal[] = [];
    const res = await answerResponse(req, asked(answered, seen), { "set-cookie": "visitor=1" });
    expect(seen).toEqual([req.signal]);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBe("visitor=1");
    expect(await res.json()).toEqual({
      data: {
        conversation_id: "conv_1",
        question: expect.objectContaining({ id: "msg_q" }),
        message: expect.objectContaining({ id: "msg_a", content: "At 7." }),
      },
    });
  });

  it("answers 503 with the failure's reason (and the cookie) in JSON", async () => {
    const failed: AnswerEvent[] = [
      { type: "start", messageId: "msg_a" },
      { type: "error", errorKey: "chat_upstream_failed", messageId: "msg_a" },
    ];
    const err = await answerResponse(request("application/json"), asked(failed), {
      "set-cookie": "visitor=1",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(503);
    expect((err as ApiError).detailKey).toBe("chat_upstream_failed");
    expect((err as ApiError).headers).toEqual({ "set-cookie": "visitor=1" });
  });

  it("reads the request's language and the device from its user agent", () => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
    const req = request("text/event-stream", { "accept-language": "vi", "user-agent": iphone });
    expect(messageFacts(req)).toEqual({ locale: "vi", device: "mobile" });
    expect(messageFacts(request("application/json")).device).toBeNull();
  });

  it("gives a first-time visitor an id and its cookie, and reads the address and the solved challenge", () => {
    const first = visitorRequest(request("application/json", { [CHALLENGE_HEADER]: "solved" }));
    expect(first.facts.visitor.isNew).toBe(true);
    expect(first.facts.visitor.id).toMatch(/^v_/);
    expect(first.facts.challengeSolution).toBe("solved");
    expect(first.headers["set-cookie"]).toContain(first.facts.visitor.id);
    const cookie = first.headers["set-cookie"]!.split(";")[0]!;
    const again = visitorRequest(request("application/json", { cookie }));
    expect(again.facts.visitor).toEqual({ id: first.facts.visitor.id, isNew: false });
    expect(again.headers).toEqual({});
    expect(again.facts.challengeSolution).toBeNull();
  });
});
