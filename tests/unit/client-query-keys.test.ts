import { describe, expect, it } from "vitest";
import { apiKey, paths, urlOf } from "@/lib/client/queries/keys";
import { loadStateOf } from "@/lib/client/queries/load-state";

describe("query keys", () => {
  it("are the API path and its non-empty parameters", () => {
    expect(apiKey(paths.agent)).toEqual(["/api/v1/agent"]);
    expect(apiKey(paths.conversations, { tz: "Asia/Ho_Chi_Minh", date: null, q: "" })).toEqual([
      "/api/v1/agent/conversations",
      { tz: "Asia/Ho_Chi_Minh" },
    ]);
    expect(apiKey(paths.documents, {})).toEqual(["/api/v1/agent/documents"]);
  });

  it("stand for the URL the query asks for, with a page's cursor added", () => {
    const key = apiKey(paths.conversationDays, { from: "2026-11-01", to: "2026-11-30", tz: "UTC" });
    expect(urlOf(key)).toBe("/api/v1/agent/conversations/days?from=2026-11-01&to=2026-11-30&tz=UTC");
    expect(urlOf(apiKey(paths.documents, { page: 2 }))).toBe("/api/v1/agent/documents?page=2");
    expect(urlOf(apiKey(paths.sessions))).toBe("/api/v1/user/sessions");
    const messages = apiKey(paths.conversationMessages, { conversation_id: "a b" });
    expect(urlOf(messages, { last_id: null })).toBe(
      "/api/v1/agent/conversation/messages?conversation_id=a+b",
    );
    expect(urlOf(messages, { last_id: "m1" })).toBe(
      "/api/v1/agent/conversation/messages?conversation_id=a+b&last_id=m1",
    );
  });

  it("prefix every key of their route, so one invalidation reaches every page of it", () => {
    expect(apiKey(paths.documents, { page: 3 })[0]).toBe(paths.documents);
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
