import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { latestCode } from "../helpers/mail";
import { newPerson, nextPersonAtProvider, oidcEnv } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { type SignedIn, signInWithCode } from "../helpers/session";
import { type SmtpPeer, startSmtpPeer } from "../peers/smtp";

/**
 * OPS-4 over real HTTP, on a production server of this file's own (LOG_LEVEL=debug, METRICS_TOKEN set,
 * LOG_FORMAT left to its production default): requests carry their x-request-id into the JSON log lines
 * and back in the answer, no secret that crossed the wire (tokens, codes, cookies) appears anywhere in the
 * server's output, and /api/metrics counts those requests for the right bearer only. The shared server
 * has no METRICS_TOKEN: there the route does not exist.
 */
const METRICS_TOKEN = randomBytes(24).toString("hex");

let server: TestServer;
let smtp: SmtpPeer;
const base = () => server.baseUrl;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({
    env: {
      LOG_LEVEL: "debug",
      METRICS_TOKEN,
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: "AgentCity <no-reply@agentcity.test>",
      ...oidcEnv(),
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

type LogLine = {
  level: string;
  time: string;
  msg: string;
  area?: string;
  request_id?: string;
  api_key_id?: string;
  err?: unknown;
};

/** The server's JSON log lines so far (Next's own start-up lines and terminal notices are plain text). */
function jsonLines(): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);
}

/** Waits until a JSON line matches (the server writes its log after it answers). */
async function lineWhere(match: (l: LogLine) => boolean): Promise<LogLine> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const found = jsonLines().find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no such log line; the output was:\n${server.output()}`);
}

/** Secrets that crossed the wire in this file, each to be absent from the server's whole output. */
const secrets = new Map<string, string>();

async function codeSignIn(): Promise<SignedIn> {
  const email = `logs-${randomBytes(5).toString("hex")}@example.test`;
  const after = Date.now();
  const signedIn = await signInWithCode(base(), email, { mailboxUrl: smtp.mailboxUrl });
  secrets.set(`sign-in code of ${email}`, await latestCode(email, { after, mailboxUrl: smtp.mailboxUrl }));
  secrets.set(`access token of ${email}`, signedIn.access);
  secrets.set(`renewal token of ${email}`, signedIn.renewal);
  for (const pair of signedIn.cookies) {
    const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    secrets.set(`${name} cookie of ${email}`, value);
  }
  return signedIn;
}

/** Starts a sign-in at the OpenID Connect peer: the flow cookie and the state the callback needs. */
async function oidcStart(): Promise<{ flowCookie: string; authorizeUrl: string; state: string }> {
  const started = await fetch(`${base()}/api/v1/auth/oidc/new`, { headers: { accept: "application/json" } });
  expect(started.status).toBe(200);
  const flowCookie = started.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => /^(__Host-)?oauth_flow=/.test(c))!;
  const { data } = (await started.json()) as { data: { url: string } };
  return { flowCookie, authorizeUrl: data.url, state: new URL(data.url).searchParams.get("state")! };
}

const callback = (flowCookie: string, body: unknown, requestId: string) =>
  fetch(`${base()}/api/v1/auth/oidc/callback`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base(),
      cookie: flowCookie,
      "x-request-id": requestId,
    },
    body: JSON.stringify(body),
  });

describe("request ids in the JSON logs", () => {
  it("answers the caller's id and logs the request's lines under it, as JSON", async () => {
    const me = await codeSignIn();
    const requestId = `logs-test-${randomBytes(6).toString("hex")}`;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base()}/api/v1/user/sessions`, {
        headers: { authorization: `Bearer ${me.access}`, "x-request-id": requestId },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toBe(requestId);
    }
    const line = await lineWhere((l) => l.request_id === requestId);
    expect(line).toMatchObject({ level: "debug", area: "http" });
    expect(line.msg).toMatch(/^GET \/api\/v1\/user\/sessions 200 in \d+ ms$/);
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(jsonLines().filter((l) => l.request_id === requestId)).toHaveLength(2);
  });

  it("makes an id when the caller sends none or an unsafe one, for the API, GraphQL and pages", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const rest = await fetch(`${base()}/api/v1/auth/otp/new`, { headers: { "x-request-id": "a b" } });
    expect(rest.headers.get("x-request-id")).toMatch(uuid);
    const gql = await fetch(`${base()}/api/graphql?query=${encodeURIComponent("{ profile { id } }")}`, {
      headers: { "x-request-id": "x".repeat(65) },
    });
    expect(gql.headers.get("x-request-id")).toMatch(uuid);
    const gqlOwn = await fetch(`${base()}/api/graphql?query=${encodeURIComponent("{ profile { id } }")}`, {
      headers: { "x-request-id": "gql-1" },
    });
    expect(gqlOwn.headers.get("x-request-id")).toBe("gql-1");
    await lineWhere((l) => l.request_id === "gql-1" && /^GET \/api\/graphql \d{3} in \d+ ms$/.test(l.msg));
    const page = await fetch(`${base()}/en`, { headers: { "x-request-id": "page-1" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-request-id")).toBe("page-1");
    expect((await fetch(`${base()}/en`)).headers.get("x-request-id")).toMatch(uuid);
  });

  it("logs an upstream sign-in failure under its request id, without the code it carried", async () => {
    // A real sign-in at the peer, whose (now used) code is then replayed in a second flow: the server sends
    // it on, the peer refuses it, and the server logs why.
    const first = await oidcStart();
    await nextPersonAtProvider(newPerson("Logs"));
    const authorized = await fetch(first.authorizeUrl, { redirect: "manual" });
    const code = new URL(authorized.headers.get("location")!).searchParams.get("code")!;
    secrets.set("authorization code", code);
    const ok = await callback(first.flowCookie, { code, state: first.state }, "oidc-ok");
    expect(ok.status).toBe(200);
    const tokens = ((await ok.json()) as { data: { access_token: string; renewal_token: string } }).data;
    secrets.set("oidc access token", tokens.access_token);
    secrets.set("oidc renewal token", tokens.renewal_token);

    const second = await oidcStart();
    const replay = await callback(second.flowCookie, { code, state: second.state }, "oidc-replay");
    expect(replay.status).toBe(400);
    const warned = await lineWhere((l) => l.request_id === "oidc-replay" && l.level === "warn");
    expect(warned).toMatchObject({ area: "oauth" });
    expect(warned.msg).toContain("oidc sign-in failed upstream");
  });

  it("renews and refuses a replayed renewal without logging either token", async () => {
    const me = await codeSignIn();
    const renew = (token: string) =>
      fetch(`${base()}/api/v1/user/session/renew`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "x-request-id": "renew-1" },
      });
    const renewed = await renew(me.renewal);
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { data: { access_token: string; renewal_token: string } }).data;
    secrets.set("renewed access token", fresh.access_token);
    secrets.set("renewed renewal token", fresh.renewal_token);
    // At once, the old token reads as another tab that renewed first (409); logged neither way.
    expect((await renew(me.renewal)).status).toBe(409);
    // A bearer that is no session of ours is still not to be written down.
    const forged = `act_${randomBytes(32).toString("base64url")}`;
    secrets.set("unknown bearer", forged);
    const refused = await fetch(`${base()}/api/v1/user/sessions`, {
      headers: { authorization: `Bearer ${forged}`, "x-request-id": "forged-1" },
    });
    expect(refused.status).toBe(401);
    await lineWhere((l) => l.request_id === "forged-1");
  });

  it("names the API key a request came with by its public id, never the key", async () => {
    const me = await codeSignIn();
    const owner = { authorization: `Bearer ${me.access}`, "content-type": "application/json" };
    const agent = await fetch(`${base()}/api/v1/agent`, {
      method: "POST",
      headers: owner,
      body: JSON.stringify({ name: "Logs", kind: "business" }),
    });
    expect(agent.status).toBe(201);
    const made = await fetch(`${base()}/api/v1/agent/api-keys`, {
      method: "POST",
      headers: owner,
      body: JSON.stringify({ name: "Logged" }),
    });
    const { data: created } = (await made.json()) as { data: { id: string; key: string } };
    secrets.set("API key", created.key);
    const used = await fetch(`${base()}/api/v1/agent/conversations`, {
      headers: { authorization: `Bearer ${created.key}`, "x-request-id": "api-key-1" },
    });
    expect(used.status).toBe(200);
    const line = await lineWhere((l) => l.request_id === "api-key-1" && l.area === "api-keys");
    expect(line).toMatchObject({ level: "info", api_key_id: created.id });
    const answered = await lineWhere((l) => l.request_id === "api-key-1" && l.area === "http");
    expect(answered).toMatchObject({ api_key_id: created.id });
    // A key that is no key of ours is not written down either.
    const forged = `ac_live_${randomBytes(24).toString("base64url")}`;
    secrets.set("unknown API key", forged);
    const refused = await fetch(`${base()}/api/v1/agent/conversations`, {
      headers: { authorization: `Bearer ${forged}`, "x-request-id": "api-key-2" },
    });
    expect(refused.status).toBe(401);
    await lineWhere((l) => l.request_id === "api-key-2");
  });

  it("holds no token, code or cookie value anywhere in the server's output", () => {
    expect(secrets.size).toBeGreaterThanOrEqual(10);
    const output = server.output();
    expect(jsonLines().length).toBeGreaterThan(10);
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThanOrEqual(6);
      // A 6-digit code counts as itself, not as a part of a longer number (a time, a size).
      const found = /^\d+$/.test(value)
        ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(output)
        : output.includes(value);
      expect(found, `${what} is in the server output`).toBe(false);
    }
  });
});

describe("GET /api/metrics", () => {
  const metricsAt = (at: string, authorization?: string) =>
    fetch(`${at}/api/metrics`, { headers: authorization ? { authorization } : {} });

  it("does not exist on a server without METRICS_TOKEN: the same 404 as a path without a route", async () => {
    const shared = inject("baseUrl");
    const res = await metricsAt(shared, `Bearer ${METRICS_TOKEN}`);
    const missing = await fetch(`${shared}/api/no-such-route`);
    expect(res.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(res.headers.get("content-type")).toBe(missing.headers.get("content-type"));
    const body = (await res.json()) as { error: { detail: string } };
    const other = (await missing.json()) as { error: { detail: string } };
    expect(body).toEqual({
      error: { ...other.error, detail: other.error.detail.replace("/api/no-such-route", "/api/metrics") },
    });
  });

  it("refuses a missing or wrong bearer with 401 in the API's error shape", async () => {
    for (const auth of [undefined, `Bearer ${METRICS_TOKEN.slice(1)}`, `Bearer ${METRICS_TOKEN}0`]) {
      const res = await metricsAt(base(), auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: {
          status: 401,
          message: "unauthorized",
          detail: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
        },
      });
    }
  });

  it("counts the requests made above, by route template, for the right bearer", async () => {
    const res = await metricsAt(base(), `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.split(" ").pop());
    };
    expect(value('http_requests_total{route="/api/v1/user/sessions",method="GET",status="200"}')).toBe(2);
    expect(value('http_requests_total{route="/api/v1/user/sessions",method="GET",status="401"}')).toBe(1);
    // One code sign-in each: request ids, renewal, and the API key.
    expect(value('http_requests_total{route="/oauth2/otp/verify",method="POST",status="200"}')).toBe(3);
    expect(value('http_requests_total{route="/api/v1/user/session/renew",method="POST",status="409"}')).toBe(
      1,
    );
    // Both GraphQL calls asked for a profile without signing in.
    expect(value('http_requests_total{route="/api/graphql",method="GET",status="401"}')).toBe(2);
    expect(
      value('http_requests_total{route="/api/v1/auth/:provider/callback",method="POST",status="400"}'),
    ).toBe(1);
    expect(value('http_request_duration_seconds_count{route="/api/v1/user/sessions",method="GET"}')).toBe(3);
    expect(text).toMatch(/^queue_depth\{queue="ingest\.document"\} \d+$/m);
    expect(text).toMatch(/^open_streams 0$/m);
    for (const name of ["chat_first_token_seconds", "retrieval_seconds", "rate_limit_refusals_total"]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain("process_resident_memory_bytes");
    // Route templates only: no path of a request, and no secret, became a label.
    expect(text).not.toContain("/api/v1/auth/oidc/");
    for (const [what, secret] of secrets) expect(text.includes(secret), what).toBe(false);
  });
});
