import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { useChatServer, Visitor } from "../helpers/chat";
import { LiveStream } from "../helpers/live-stream";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { createDatabase, startTestServer, type TestServer } from "../helpers/server";

/**
 * Issue 46 on servers of its own: past INBOX_MAX_STREAMS a new live stream is refused with a translated
 * 503 and Retry-After, never by failing, and accepted again once one closes; on Postgres, a member's reply
 * written on instance A reaches the visitor's stream open on instance B within a second (LISTEN/NOTIFY).
 */
const postgres = process.env.TEST_DATABASE_URL;
const servers: TestServer[] = [];
let drop: () => Promise<void> = async () => {};

afterAll(async () => {
  chatServer(undefined);
  for (const s of servers) await s.stop().catch(() => {});
  await drop();
});

type Asked = { conversation_id: string; handoff?: string };

async function agentOn(base: string) {
  const { access } = await signInWithOidc(undefined, base);
  const created = await fetch(`${base}/api/v1/agent`, {
    method: "POST",
    headers: { authorization: `Bearer ${access}`, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ name: "Phòng khám An Bình", kind: "business", model: "builtin" }),
  });
  expect(created.status).toBe(201);
  return { access, agentId: ((await created.json()) as { data: { id: string } }).data.id };
}

/** Points the chat helpers at one server (not a React hook, whatever its name says). */
const chatServer = useChatServer;

async function handedOver(base: string, agentId: string) {
  chatServer(base);
  const visitor = new Visitor(undefined, "en");
  const asked = await visitor.ask(agentId, "I want to talk to a human");
  expect(asked.status).toBe(200);
  const body = asked.body.data as unknown as Asked;
  expect(body.handoff).toBe("waiting");
  return { visitor, conversationId: body.conversation_id };
}

const streamPath = (id: string) => `/api/v1/public/agent/conversation/events?conversation_id=${id}`;
const member = (base: string, access: string) => ({
  authorization: `Bearer ${access}`,
  origin: base,
  "content-type": "application/json",
});

describe("live streams past their cap", () => {
  it("refuse a stream past INBOX_MAX_STREAMS with a 503, and accept again once one closes", async () => {
    const server = await startTestServer({ env: { ...oidcEnv(), INBOX_MAX_STREAMS: "2" } });
    servers.push(server);
    const base = server.baseUrl;
    const { access, agentId } = await agentOn(base);
    const { visitor, conversationId } = await handedOver(base, agentId);
    const one = await LiveStream.open(base, streamPath(conversationId), visitor.headers());
    const two = await LiveStream.open(base, "/api/v1/agent/inbox/events", member(base, access));
    expect([one.status, two.status]).toEqual([200, 200]);
    const refused = await fetch(`${base}${streamPath(conversationId)}`, {
      headers: visitor.headers({ accept: "text/event-stream" }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    const body = (await refused.json()) as { error: { detail: string } };
    expect(body.error.detail).toBe(en.errors.inbox_streams_full);
    // The server still answers everything else.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    one.close();
    await expect
      .poll(
        async () => {
          const again = await LiveStream.open(base, streamPath(conversationId), visitor.headers());
          again.close();
          return again.status;
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(200);
    two.close();
  });
});

if (postgres)
  describe("two instances on one Postgres", () => {
    it("deliver a reply written on A to the visitor's stream on B within a second", async () => {
      const created = await createDatabase(postgres);
      drop = created.drop;
      const env = { ...oidcEnv(), SESSION_SECRET: randomBytes(32).toString("hex") };
      const [a, b] = await Promise.all([
        startTestServer({ env, sharedDatabaseUrl: created.url }),
        startTestServer({ env, sharedDatabaseUrl: created.url }),
      ]);
      servers.push(a!, b!);
      const { access, agentId } = await agentOn(a!.baseUrl);
      const { visitor, conversationId } = await handedOver(b!.baseUrl, agentId);
      const live = await LiveStream.open(b!.baseUrl, streamPath(conversationId), visitor.headers());
      expect(live.status).toBe(200);
      const on = (path: string, body?: unknown) =>
        fetch(`${a!.baseUrl}/api/v1/agent/conversation/${conversationId}/${path}`, {
          method: "POST",
          headers: member(a!.baseUrl, access),
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      expect((await on("takeover")).status).toBe(200);
      await live.next((e) => e.event === "member_joined", 1_000);
      const sent = Date.now();
      expect((await on("reply", { content: "Chào bạn, tôi là Lan." })).status).toBe(200);
      const got = await live.next((e) => e.event === "member_reply", 1_000);
      expect(got.at - sent).toBeLessThan(1_000);
      expect((got.data.message as { content: string }).content).toBe("Chào bạn, tôi là Lan.");
      live.close();
    });
  });
