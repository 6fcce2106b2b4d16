import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelView } from "@/lib/contracts/channels";
import { buyBeginner } from "../helpers/channels";
import { ownerApi, trainedAgent, useChatServer } from "../helpers/chat";
import { mailsTo } from "../helpers/mail";
import { oidcEnv } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { type MessengerPeer, startMessengerPeer } from "../peers/messenger";
import { type SmtpPeer, startSmtpPeer } from "../peers/smtp";
import { startTelegramPeer, type TelegramPeer } from "../peers/telegram";
import { startZaloPeer, type ZaloPeer } from "../peers/zalo";

/**
 * Issue 47, managing channels over real HTTP: pause and resume (a paused channel's deliveries acknowledged
 * and dropped), the test call (the platform's identity call, nothing sent to anyone), Zalo's OA
 * authorization with PKCE and a single-use, expiring state, and the owner's one e-mail when Zalo no longer
 * accepts the refresh token. Another owner's channel is a 404 and bad bodies a translated 422.
 */

let server: TestServer;
let telegram: TelegramPeer;
let messenger: MessengerPeer;
let zalo: ZaloPeer;
let smtp: SmtpPeer;
const OA_SECRET = "fake-oa-secret-key-0123456789";
const APP_SECRET = "fake-app-secret-0123456789abcdef";
const texts = [
  { title: "Giờ mở cửa", content: "Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày." },
];
const sql = (q: string, p: unknown[] = []) => sqlAt(server.baseUrl, q, p);

beforeAll(async () => {
  [telegram, messenger, zalo, smtp] = await Promise.all([
    startTelegramPeer(),
    startMessengerPeer(),
    startZaloPeer(),
    startSmtpPeer(),
  ]);
  server = await startTestServer({
    env: {
      ...oidcEnv(),
      TRUSTED_PROXIES: "127.0.0.1",
      TELEGRAM_API_BASE: telegram.origin,
      GRAPH_API_BASE: messenger.origin,
      ZALO_API_BASE: zalo.origin,
      ZALO_OAUTH_BASE: zalo.origin,
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: "AgentCity <no-reply@agentcity.test>",
    },
  });
  useChatServer(server.baseUrl);
}, 120_000);

afterAll(async () => {
  useChatServer(undefined);
  await server?.stop();
  await Promise.all([telegram?.stop(), messenger?.stop(), zalo?.stop(), smtp?.stop()]);
});

type Connected = ChannelView & { authorize_url?: string };

/** Connects once the plan is active (the payment's event is processed by a job). */
async function connect(access: string, body: Record<string, unknown>) {
  let last: Awaited<ReturnType<typeof ownerApi<{ data: Connected }>>> | undefined;
  await expect
    .poll(
      async () => {
        last = await ownerApi<{ data: Connected }>(access, "POST", "/api/v1/agent/channels", body);
        return last.status;
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(201);
  return last!.body.data;
}

const post = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

const listed = async (access: string) =>
  (await ownerApi<{ data: ChannelView[] }>(access, "GET", "/api/v1/agent/channels")).body.data;

describe("managing channels", () => {
  let owner: { access: string };
  let tg: ChannelView;

  it("tests a channel with the platform's identity call, sending nothing to anyone", async () => {
    owner = await trainedAgent({ texts });
    await buyBeginner(server.baseUrl, owner.access);
    tg = await connect(owner.access, { type: "telegram", bot_token: telegram.token });
    const fb = await connect(owner.access, {
      type: "messenger",
      page_id: messenger.pageId,
      page_access_token: messenger.pageToken,
      app_secret: APP_SECRET,
    });
    const calls = telegram.calls.length;
    const tested = await ownerApi<{ data: unknown }>(
      owner.access,
      "POST",
      `/api/v1/agent/channels/${tg.id}/test`,
    );
    expect(tested.status).toBe(200);
    expect(tested.body.data).toEqual({ ok: true, reason: null, name: "@fake_bot" });
    expect(telegram.calls.slice(calls)).toEqual(["getMe"]);
    const page = await ownerApi<{ data: unknown }>(
      owner.access,
      "POST",
      `/api/v1/agent/channels/${fb.id}/test`,
    );
    expect(page.body.data).toEqual({ ok: true, reason: null, name: "Fake Page" });
    expect(telegram.sent).toHaveLength(0);
    expect(messenger.sent).toHaveLength(0);
    expect(messenger.actions).toHaveLength(0);
  }, 90_000);

  it("pauses a channel: its deliveries are acknowledged and dropped, then resumes", async () => {
    const paused = await ownerApi<{ data: ChannelView }>(
      owner.access,
      "PATCH",
      `/api/v1/agent/channels/${tg.id}`,
      {
        paused: true,
      },
    );
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ id: tg.id, state: "paused" });
    expect((await listed(owner.access)).find((c) => c.id === tg.id)?.state).toBe("paused");

    const update = (id: number) =>
      JSON.stringify({
        update_id: id,
        message: {
          message_id: id,
          from: { id: 777001, is_bot: false, first_name: "Minh" },
          chat: { id: 777001, type: "private" },
          date: Math.floor(Date.now() / 1000),
          text: "Tiệm mở cửa lúc mấy giờ?",
        },
      });
    const secret = { "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token };
    const events = await sql("select count(*)::int as n from channel_events");
    const dropped = await post(tg.webhook_url, update(9001), secret);
    expect(dropped.status).toBe(200);
    // Even paused, a forged delivery is still refused.
    expect((await post(tg.webhook_url, update(9002), {})).status).toBe(401);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(telegram.sent).toHaveLength(0);
    expect(await sql("select count(*)::int as n from channel_events")).toEqual(events);

    const resumed = await ownerApi<{ data: ChannelView }>(
      owner.access,
      "PATCH",
      `/api/v1/agent/channels/${tg.id}`,
      {
        paused: false,
      },
    );
    expect(resumed.body.data.state).toBe("connected");
    expect((await post(tg.webhook_url, update(9003), secret)).status).toBe(200);
    await expect.poll(() => telegram.sent.length, { timeout: 5_000, interval: 50 }).toBe(1);
    expect(telegram.sent[0]!.text).toMatch(/7 giờ sáng/);

    // History lists the conversation with its platform (the icon and label come from it).
    const history = await ownerApi<{ data: { first_question: string; messaging_channel: string | null }[] }>(
      owner.access,
      "GET",
      "/api/v1/agent/conversations",
    );
    expect(history.status).toBe(200);
    expect(history.body.data.map((c) => c.messaging_channel)).toEqual(["telegram"]);
  }, 30_000);

  it("answers another owner's or an unknown channel with 404 and a bad body with a translated 422", async () => {
    const other = await trainedAgent({ texts });
    for (const [method, path, body] of [
      ["PATCH", `/api/v1/agent/channels/${tg.id}`, { paused: true }],
      ["POST", `/api/v1/agent/channels/${tg.id}/test`, undefined],
      ["PATCH", "/api/v1/agent/channels/ch_AAAAAAAAAAAAAAAAAAAAAA", { paused: true }],
      ["POST", "/api/v1/agent/channels/ch_AAAAAAAAAAAAAAAAAAAAAA/test", undefined],
      ["PATCH", `/api/v1/agent/channels/${"x".repeat(300)}`, { paused: true }],
    ] as const) {
      const res = await ownerApi<unknown>(other.access, method, path, body, "vi");
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error?.detail).toBe("Kênh này không tồn tại hoặc không phải của bạn.");
    }
    expect((await listed(owner.access)).find((c) => c.id === tg.id)?.state).toBe("connected");

    for (const body of [{}, { paused: "yes" }, { paused: null }, "paused", [true]]) {
      const res = await ownerApi<unknown>(
        owner.access,
        "PATCH",
        `/api/v1/agent/channels/${tg.id}`,
        body,
        "vi",
      );
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error?.detail).toBeTruthy();
      expect(res.body.error?.detail).not.toMatch(/expected|invalid_type/i);
    }
    // Half a Zalo token pair is neither the authorization flow nor a pasted pair.
    const half = await ownerApi<unknown>(
      owner.access,
      "POST",
      "/api/v1/agent/channels",
      {
        type: "zalo",
        app_id: zalo.appId,
        app_secret: zalo.appSecret,
        oa_secret_key: OA_SECRET,
        access_token: "x",
      },
      "vi",
    );
    expect(half.status).toBe(422);
    expect(half.body.error?.detail).toBe(
      "Hãy dán cả access token lẫn refresh token, hoặc bỏ trống cả hai để kết nối qua trang cấp quyền của Zalo.",
    );
  }, 60_000);

  let za: ChannelView;

  it("connects a Zalo OA with OAuth v4 and PKCE; the state is single-use and expires", async () => {
    // The first pair lasts just over the five minutes ahead of which it is refreshed (used by the next test).
    zalo.expiresIn = 301;
    const started = await connect(owner.access, {
      type: "zalo",
      app_id: zalo.appId,
      app_secret: zalo.appSecret,
      oa_secret_key: OA_SECRET,
    });
    expect(started.state).toBe("needs_authorization");
    const authorize = new URL(started.authorize_url!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${zalo.origin}/v4/oa/permission`);
    expect(authorize.searchParams.get("app_id")).toBe(zalo.appId);
    const redirectUri = `${server.baseUrl}/api/v1/channels/zalo/oauth/callback`;
    expect(authorize.searchParams.get("redirect_uri")).toBe(redirectUri);
    const state = authorize.searchParams.get("state")!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the state's hash is kept, and the secrets are sealed.
    const [row] = await sql("select oauth_state_hash, secrets from channels where public_id = $1", [
      started.id,
    ]);
    expect(row!.oauth_state_hash).toBe(createHash("sha256").update(state).digest("hex"));
    expect(String(row!.secrets)).not.toContain(zalo.appSecret);
    // Not yet authorized: nothing to test or pause.
    const early = await ownerApi<{ data: { ok: boolean; reason: string } }>(
      owner.access,
      "POST",
      `/api/v1/agent/channels/${started.id}/test`,
    );
    expect(early.body.data.ok).toBe(false);
    expect(
      (
        await ownerApi<unknown>(owner.access, "PATCH", `/api/v1/agent/channels/${started.id}`, {
          paused: true,
        })
      ).status,
    ).toBe(409);

    // The OA's admin grants access on Zalo, which sends the browser to the callback.
    const granted = await fetch(started.authorize_url!, { redirect: "manual" });
    expect(granted.status).toBe(302);
    const callback = granted.headers.get("location")!;
    expect(callback.startsWith(`${redirectUri}?`)).toBe(true);
    const landed = await fetch(callback, { redirect: "manual", headers: { cookie: "NEXT_LOCALE=vi" } });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toMatch(/\/setup\/channels\?zalo=connected$/);
    expect(zalo.authorizations.at(-1)).toMatchObject({ redirect_uri: redirectUri, verified: true });
    za = (await listed(owner.access)).find((c) => c.id === started.id)!;
    expect(za.state).toBe("connected");
    expect(Date.parse(za.token_expires_at!)).toBeGreaterThan(Date.now() + 80 * 24 * 3600 * 1000);
    const [done] = await sql("select oauth_state_hash, oauth_expires_at from channels where public_id = $1", [
      za.id,
    ]);
    expect(done).toEqual({ oauth_state_hash: null, oauth_expires_at: null });

    // The same callback again (a replay) and a made-up state change nothing.
    const replayed = await fetch(callback, { redirect: "manual" });
    expect(replayed.headers.get("location")).toMatch(/\?zalo=invalid_state$/);
    const forged = await fetch(`${redirectUri}?code=x&state=${"A".repeat(43)}&oa_id=1`, {
      redirect: "manual",
    });
    expect(forged.headers.get("location")).toMatch(/\?zalo=invalid_state$/);
    const empty = await fetch(`${redirectUri}?state[]=1`, { redirect: "manual" });
    expect(empty.status).toBe(302);
    expect(empty.headers.get("location")).toMatch(/\?zalo=invalid_state$/);

    // A state older than ten minutes is refused, and its channel stays waiting.
    const late = await connect(owner.access, {
      type: "zalo",
      app_id: zalo.appId,
      app_secret: zalo.appSecret,
      oa_secret_key: OA_SECRET,
    });
    await sql("update channels set oauth_expires_at = now() - interval '1 second' where public_id = $1", [
      late.id,
    ]);
    const tooLate = await fetch(late.authorize_url!, { redirect: "manual" });
    const refused = await fetch(tooLate.headers.get("location")!, { redirect: "manual" });
    expect(refused.headers.get("location")).toMatch(/\?zalo=invalid_state$/);
    expect((await listed(owner.access)).find((c) => c.id === late.id)?.state).toBe("needs_authorization");
    expect(zalo.authorizations.at(-1)?.verified).toBe(false);
    expect(
      (await ownerApi<unknown>(owner.access, "DELETE", `/api/v1/agent/channels/${late.id}`)).status,
    ).toBe(200);

    // The OA answers its identity call.
    const tested = await ownerApi<{ data: unknown }>(
      owner.access,
      "POST",
      `/api/v1/agent/channels/${za.id}/test`,
    );
    expect(tested.body.data).toEqual({ ok: true, reason: null, name: zalo.oaName });
  }, 90_000);

  it("turns to needs reconnect when Zalo refuses the refresh token, e-mailing the owner once", async () => {
    const [found] = (await sql(
      `select u.email from users u join agents a on a.owner_id = u.id
       join channels c on c.agent_id = a.id where c.public_id = $1`,
      [za.id],
    )) as { email: string }[];
    const email = found!.email;
    const before = (await mailsTo(email, { mailboxUrl: smtp.mailboxUrl })).length;
    // Zalo no longer knows the refresh token (expired, or spent elsewhere).
    zalo.refreshToken = "revoked-refresh-token";
    await new Promise((r) => setTimeout(r, 1_200));
    const event = (user: string, msgId: string) =>
      JSON.stringify({
        app_id: zalo.appId,
        event_name: "user_send_text",
        timestamp: String(Date.now()),
        sender: { id: user },
        recipient: { id: "oa_1" },
        message: { text: "Mấy giờ mở cửa?", msg_id: msgId },
      });
    const sign = (raw: string) => {
      const ts = (JSON.parse(raw) as { timestamp: string }).timestamp;
      return `mac=${createHash("sha256").update(`${zalo.appId}${raw}${ts}${OA_SECRET}`).digest("hex")}`;
    };
    for (const [user, id] of [
      ["z1", "zm_1"],
      ["z2", "zm_2"],
    ]) {
      const raw = event(user!, id!);
      expect((await post(za.webhook_url, raw, { "x-zevent-signature": sign(raw) })).status).toBe(200);
    }
    await expect
      .poll(async () => (await listed(owner.access)).find((c) => c.id === za.id)?.state, { timeout: 10_000 })
      .toBe("needs_reconnect");
    const state = (await listed(owner.access)).find((c) => c.id === za.id)!;
    expect(state.last_error).toMatch(/Zalo refused the refresh token/);
    await expect
      .poll(async () => (await mailsTo(email, { mailboxUrl: smtp.mailboxUrl })).length, { timeout: 10_000 })
      .toBe(before + 1);
    // The second refusal (and a test call) finds the state set: still one mail.
    await ownerApi<unknown>(owner.access, "POST", `/api/v1/agent/channels/${za.id}/test`);
    await new Promise((r) => setTimeout(r, 2_000));
    const mails = await mailsTo(email, { mailboxUrl: smtp.mailboxUrl });
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    // In the owner's language (the agent's): English or Vietnamese.
    expect(mail.subject).toMatch(
      /^Tiệm bánh Hoa Mai (no longer answers on Zalo: connect it again|không còn trả lời trên Zalo: hãy kết nối lại)$/,
    );
    expect(mail.text).toMatch(new RegExp(`${server.baseUrl}/(en|vi)/setup/channels`));
    expect(mail.text).not.toContain(zalo.appSecret);
    expect(zalo.sent).toHaveLength(0);
  }, 60_000);
});
