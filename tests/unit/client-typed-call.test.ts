import { afterEach, describe, expect, it, vi } from "vitest";
import { api, urlOf } from "@/lib/client/api";
import { channelRoutes } from "@/lib/client/chat-types";
import { conversationsPath } from "@/lib/client/history";
import { contracts, pathOf } from "@/lib/contracts";

/** The browser's typed calls: a contract and its inputs make the request; no path is written by hand. */

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answering(body: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body });
    return Response.json(body);
  }) as typeof fetch;
  return calls;
}

describe("api.call", () => {
  it("fills path parameters (encoded) and answers the data", async () => {
    const calls = answering({ data: [] });
    await expect(api.call(contracts.documentPages, { params: { id: "a b/c" } })).resolves.toEqual([]);
    expect(calls).toEqual([
      { url: "/api/v1/agent/document/a%20b%2Fc/pages", method: "GET", body: undefined },
    ]);
  });

  it("sends the query and answers data with meta", async () => {
    const calls = answering({ data: [], meta: { page: 2, total_pages: 3 } });
    const page = await api.callWithMeta(contracts.listDocuments, { query: { page: 2 } });
    expect(page.meta.page).toBe(2);
    expect(calls[0]!.url).toBe("/api/v1/agent/documents?page=2");
  });

  it("sends the body as JSON with the contract's method", async () => {
    const calls = answering({ data: { id: "x" } });
    await api.call(contracts.saveAgent, { body: { name: "Pho" }, query: { locale: "vi" } });
    expect(calls).toEqual([{ url: "/api/v1/agent?locale=vi", method: "POST", body: '{"name":"Pho"}' }]);
  });
});

describe("paths built from contracts", () => {
  it("keeps the chat and history paths the components use", () => {
    const owner = channelRoutes({ kind: "owner" });
    const visitor = channelRoutes({ kind: "public", agentId: "a" });
    expect(urlOf(owner.send, { body: { content: "?" } })).toBe("/api/v1/agent/conversation/message");
    expect(urlOf(visitor.send, { body: { agent_id: "a", content: "?" } })).toBe(
      "/api/v1/public/agent/conversation/message",
    );
    expect(urlOf(owner.messages, { query: { conversation_id: "conv 1" } })).toBe(
      "/api/v1/agent/conversation/messages?conversation_id=conv+1",
    );
    expect(urlOf(visitor.messages, { query: { conversation_id: "conv 1" } })).toBe(
      "/api/v1/public/agent/conversation/messages?conversation_id=conv+1",
    );
    expect(pathOf(contracts.rateMessage, { id: "msg_1" })).toBe(
      "/api/v1/agent/conversation/message/msg_1/feedback",
    );
    expect(conversationsPath({ tz: "Asia/Ho_Chi_Minh", lastId: "", date: "2026-11-01", q: " phở " })).toBe(
      "/api/v1/agent/conversations?tz=Asia%2FHo_Chi_Minh&date=2026-11-01&q=ph%E1%BB%9F",
    );
  });

  it("refuses a path parameter that is missing", () => {
    expect(() => pathOf(contracts.deleteDocument, {})).toThrow(/missing path parameter id/);
  });
});
