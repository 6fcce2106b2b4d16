import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contractQuery, keyOf } from "@/lib/client/queries/keys";
import { loadStateOf } from "@/lib/client/queries/load-state";
import { contracts } from "@/lib/contracts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Runs a query's call against a stub server and answers the URL it asked for. */
async function urlAskedBy(query: { queryFn: (ctx: { signal: AbortSignal }) => Promise<unknown> }) {
  const urls: string[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return Response.json({ data: [] });
  }) as typeof fetch;
  await query.queryFn({ signal: new AbortController().signal });
  expect(urls).toHaveLength(1);
  return urls[0];
}

describe("query keys", () => {
  it("are the contract's path and the parameters the URL carries", () => {
    expect(keyOf(contracts.getAgent)).toEqual(["/api/v1/agent"]);
    expect(
      keyOf(contracts.listConversations, {
        query: { tz: "Asia/Ho_Chi_Minh", date: undefined, q: undefined },
      }),
    ).toEqual(["/api/v1/agent/conversations", { query: { tz: "Asia/Ho_Chi_Minh" } }]);
    expect(keyOf(contracts.listDocuments, {})).toEqual(["/api/v1/agent/documents"]);
    expect(keyOf(contracts.documentPages, { params: { id: "d1" } })).toEqual([
      "/api/v1/agent/document/:id/pages",
      { params: { id: "d1" } },
    ]);
  });

  it("stand for the URL their query asks for", async () => {
    const range = { from: "2026-11-01", to: "2026-11-30", tz: "UTC" };
    await expect(urlAskedBy(contractQuery(contracts.conversationDays, { query: range }))).resolves.toBe(
      "/api/v1/agent/conversations/days?from=2026-11-01&to=2026-11-30&tz=UTC",
    );
    await expect(urlAskedBy(contractQuery(contracts.listSessions))).resolves.toBe("/api/v1/user/sessions");
    await expect(urlAskedBy(contractQuery(contracts.documentPages, { params: { id: "a b" } }))).resolves.toBe(
      "/api/v1/agent/document/a%20b/pages",
    );
    const messages = (lastId?: string) =>
      contractQuery(contracts.ownerMessages, { query: { conversation_id: "a b", last_id: lastId } });
    expect(messages().queryKey).toEqual([
      "/api/v1/agent/conversation/messages",
      { query: { conversation_id: "a b" } },
    ]);
    await expect(urlAskedBy(messages())).resolves.toBe(
      "/api/v1/agent/conversation/messages?conversation_id=a+b",
    );
    await expect(urlAskedBy(messages("m1"))).resolves.toBe(
      "/api/v1/agent/conversation/messages?conversation_id=a+b&last_id=m1",
    );
  });

  it("start with their route, so one invalidation reaches every page of it and nothing else", async () => {
    const client = new QueryClient();
    const page = (n: number) => keyOf(contracts.listDocuments, { query: { page: n } });
    const pages = keyOf(contracts.documentPages, { params: { id: "d1" } });
    for (const key of [page(1), page(3), pages]) client.setQueryData(key, []);
    await client.invalidateQueries({ queryKey: keyOf(contracts.listDocuments) });
    expect(client.getQueryState(page(1))?.isInvalidated).toBe(true);
    expect(client.getQueryState(page(3))?.isInvalidated).toBe(true);
    expect(client.getQueryState(pages)?.isInvalidated).toBe(false);
  });
});

describe("loadStateOf", () => {
  it("shows data whenever there is some, a failure only when nothing is being asked again", () => {
    expect(loadStateOf({ data: 1, isError: true, isFetching: false })).toEqual({ state: "ready", data: 1 });
    expect(loadStateOf({ data: null, isError: false, isFetching: false })).toEqual({
      state: "ready",
      data: null,
    });
    expect(loadStateOf({ data: undefined, isError: true, isFetching: false })).toEqual({ state: "failed" });
    expect(loadStateOf({ data: undefined, isError: true, isFetching: true })).toEqual({ state: "loading" });
    expect(loadStateOf({ data: undefined, isError: false, isFetching: true })).toEqual({ state: "loading" });
  });
});
