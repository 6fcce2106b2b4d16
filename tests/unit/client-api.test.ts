import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiClientError, api, onSignedOut } from "@/lib/client/api";

/**
 * AUTH-4 against a real HTTP server on loopback: the wrapper's relative paths are resolved against it, the
 * way a browser resolves them against the page.
 */
type Behaviour = {
  renewOk: boolean;
  /** another tab renewed first: 409, and the shared cookie jar already holds the new pair */
  renewRaced: boolean;
  renewDelayMs: number;
  validToken: number;
};
const state = { renews: 0, calls: [] as string[], token: 0 };
const behaviour: Behaviour = { renewOk: true, renewRaced: false, renewDelayMs: 0, validToken: 1 };

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function handler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://x");
  state.calls.push(`${req.method} ${url.pathname}`);
  const signedIn = req.headers.cookie === `access=${behaviour.validToken}`;
  if (url.pathname === "/api/v1/user/session/renew") {
    state.renews++;
    await new Promise((r) => setTimeout(r, behaviour.renewDelayMs));
    if (!behaviour.renewOk)
      return json(res, 401, { error: { status: 401, message: "unauthorized", detail: "no" } });
    state.token = behaviour.validToken;
    return json(res, 200, { data: { access_token: "a", renewal_token: "r" } });
  }
  if (url.pathname === "/api/v1/thing") {
    if (!signedIn)
      return json(res, 401, { error: { status: 401, message: "unauthorized", detail: "Sign in" } });
    return json(res, 200, { data: { ok: true } });
  }
  if (url.pathname === "/api/v1/code") {
    return json(res, 401, { error: { status: 401, message: "otp_invalid", detail: "Wrong code" } });
  }
  if (url.pathname === "/api/v1/limited") {
    res.setHeader("retry-after", "42");
    return json(res, 429, {
      error: { status: 429, message: "rate_limited", detail: "Slow down", fields: { email: "x" } },
    });
  }
  if (url.pathname === "/api/v1/slow") {
    setTimeout(() => json(res, 200, { data: 1 }), 5_000);
    return;
  }
  if (url.pathname === "/api/graphql") {
    if (!signedIn) {
      return json(res, 200, {
        data: null,
        errors: [{ message: "Unauthorized", extensions: { code: "unauthorized", status: 401 } }],
      });
    }
    return json(res, 200, { data: { profile: { id: "u1" } } });
  }
  json(res, 404, { error: { status: 404, message: "not_found", detail: "Not found" } });
}

let server: Server;
let origin = "";
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser's cookie jar, reduced to the one cookie this server reads.
  globalThis.fetch = (input, init) =>
    realFetch(new URL(String(input), origin), {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie: `access=${state.token}` },
    });
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((r) => server.close(r));
});

afterEach(() => {
  Object.assign(state, { renews: 0, calls: [], token: 0 });
  Object.assign(behaviour, {
    renewOk: true,
    renewRaced: false,
    renewDelayMs: 0,
    validToken: behaviour.validToken + 1,
  });
});

describe("the fetch wrapper", () => {
  it("renews once on unauthorized and repeats the request once", async () => {
    await expect(api.get("/api/v1/thing")).resolves.toEqual({ ok: true });
    expect(state.calls).toEqual([
      "GET /api/v1/thing",
      "POST /api/v1/user/session/renew",
      "GET /api/v1/thing",
    ]);
  });

  it("shares one renewal between concurrent requests", async () => {
    behaviour.renewDelayMs = 100;
    const results = await Promise.all([1, 2, 3, 4].map(() => api.get("/api/v1/thing")));
    expect(results).toEqual(Array(4).fill({ ok: true }));
    expect(state.renews).toBe(1);
  });

  it("gives up after a refused renewal, tells the app the session is over, and does not loop", async () => {
    behaviour.renewOk = false;
    let told = 0;
    const stop = onSignedOut(() => told++);
    const err = await api.get("/api/v1/thing").catch((e) => e);
    stop();
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 401, code: "unauthorized", detail: "Sign in" });
    expect(state.renews).toBe(1);
    expect(told).toBe(1);
    expect(state.calls.filter((c) => c === "GET /api/v1/thing")).toHaveLength(1);
  });

  it("takes a renewal that lost a race to another tab as renewed, and retries", async () => {
    behaviour.renewRaced = true;
    let told = 0;
    const stop = onSignedOut(() => told++);
    await expect(api.get("/api/v1/thing")).resolves.toEqual({ ok: true });
    stop();
    expect(told).toBe(0);
  });

  it("does not renew for a 401 that is about something else", async () => {
    const err = await api.post("/api/v1/code", { code: "1" }).catch((e) => e);
    expect(err).toMatchObject({ status: 401, code: "otp_invalid", detail: "Wrong code" });
    expect(state.renews).toBe(0);
  });

  it("carries the error's fields and Retry-After", async () => {
    const err = await api.get("/api/v1/limited").catch((e) => e);
    expect(err).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 42, fields: { email: "x" } });
  });

  it("can be aborted", async () => {
    const controller = new AbortController();
    const pending = api.get("/api/v1/slow", { signal: controller.signal }).catch((e) => e);
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ code: "aborted" });
  });

  it("renews for GraphQL's Unauthorized too", async () => {
    await expect(api.graphql("{ profile { id } }")).resolves.toEqual({ profile: { id: "u1" } });
    expect(state.renews).toBe(1);
  });
});
