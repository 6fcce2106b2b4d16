import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelView } from "@/lib/contracts/channels";
import { ownerApi, trainedAgent, useChatServer } from "../helpers/chat";
import { oidcEnv } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { type MessengerPeer, startMessengerPeer } from "../peers/messenger";
import { startTelegramPeer, type TelegramPeer } from "../peers/telegram";
import { startZaloPeer, type ZaloPeer } from "../peers/zalo";

/**
 * Issue 47 over real HTTP: an owner on a paid plan connects a Telegram bot and a Messenger page; the
 * platforms (local fakes speaking their HTTP) deliver signed messages to the channel's webhook, and the
 * agent's answer comes back through the fake's send API. Forged deliveries change nothing, duplicates are
 * answered once, secrets are never answered nor logged, another owner's channel is a 404, and the free plan
 * is refused in the owner's language.
 */

let server: TestServer;
let telegram: TelegramPeer;
let messenger: MessengerPeer;
let zalo: ZaloPeer;
const OA_SECRET = "fake-oa-secret-key-0123456789";
const APP_SECRET = "fake-app-secret-0123456789abcdef";
const texts = [
  { title: "Giờ mở cửa", content: "Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày." },
];
const sql = (q: string, p: unknown[] = []) => sqlAt(server.baseUrl, q, p);

beforeAll(async () => {
  [telegram, messenger, zalo] = await Promise.all([
    startTelegramPeer(),
    startMessengerPeer(),
    startZaloPeer(),
  ]);
  server = await startTestServer({
    env: {
      ...oidcEnv(),
      TRUSTED_PROXIES: "127.0.0.1",
      TELEGRAM_API_BASE: telegram.origin,
      GRAPH_API_BASE: messenger.origin,
      ZALO_API_BASE: zalo.origin,
      ZALO_OAUTH_BASE: zalo.origin,
      LOG_LEVEL: "debug",
      // Low enough for the flood test; every other test's channel user sends fewer.
      CHAT_LIMIT_VISITOR_PER_MINUTE: "3",
    },
  });
  useChatServer(server.baseUrl);
}, 120_000);

afterAll(async () => {
  useChatServer(undefined);
  await server?.stop();
  await Promise.all([telegram?.stop(), messenger?.stop(), zalo?.stop()]);
});

async function gql(token: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${server.baseUrl}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl, authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, { token: string }>; errors?: unknown[] };
}

/** The owner buys Beginner with the sandbox provider's test card. */
async function buyBeginner(access: string) {
  const made = await gql(
    access,
    `mutation Create($input: PaymentTokenInput!) { create_payment_token(input: $input) { token } }`,
    { input: { plan: "beginner", cycle: "monthly", currency: "VND" } },
  );
  expect(made.errors).toBeUndefined();
  const paid = await fetch(`${server.baseUrl}/api/v1/billing/sandbox/pay`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.baseUrl,
      authorization: `Bearer ${access}`,
    },
    body: JSON.stringify({
      token: made.data!.create_payment_token!.token,
      card_number: "4242 4242 4242 4242",
      exp_month: 12,
      exp_year: 2030,
      cvc: "123",
    }),
  });
  expect(paid.status).toBe(200);
}

/** Connects once the plan is active (the payment's event is processed by a job). */
async function connect(access: string, body: Record<string, unknown>) {
  let last: Awaited<ReturnType<typeof ownerApi<{ data: ChannelView }>>> | undefined;
  await expect
    .poll(
      async () => {
        last = await ownerApi<{ data: ChannelView }>(access, "POST", "/api/v1/agent/channels", body);
        return last.status;
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(201);
  return last!.body.data;
}

const post = (url: string, body: string, headers: Record<string, string>) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

let updateId = 1000;
const tgUpdate = (chatId: number, text: string, id = ++updateId) =>
  JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      from: { id: chatId, is_bot: false, first_name: "Lan", last_name: "Nguyễn" },
      chat: { id: chatId, type: "private" },
      date: Math.floor(Date.now() / 1000),
      text,
    },
  });

describe("channels", () => {
  let owner: { access: string };
  let tg: ChannelView;

  it("refuses the free plan in the owner's language, and connects a Telegram bot on Beginner", async () => {
    const agent = await trainedAgent({ texts });
    owner = agent;
    const refused = await ownerApi<unknown>(
      agent.access,
      "POST",
      "/api/v1/agent/channels",
      { type: "telegram", bot_token: telegram.token },
      "vi",
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error?.detail).toBe(
      "Kênh nhắn tin (Telegram, Messenger, Zalo) có từ gói Khởi đầu trở lên; bạn đang dùng gói Miễn phí. Hãy nâng cấp gói để kết nối.",
    );
    expect(await sql("select count(*)::int as n from channels")).toEqual([{ n: 0 }]);

    await buyBeginner(agent.access);
    // A token Telegram does not know is refused with a clear reason, nothing stored.
    const wrong = await ownerApi<unknown>(agent.access, "POST", "/api/v1/agent/channels", {
      type: "telegram",
      bot_token: "987654321:AAWrongTokenWrongTokenWrongToken_xyz",
    });
    expect([403, 422]).toContain(wrong.status);
    tg = await connect(agent.access, { type: "telegram", bot_token: telegram.token });
    expect(tg).toMatchObject({ type: "telegram", state: "connected", verify_token: null });
    expect(tg.webhook_url).toBe(`${server.baseUrl}/api/v1/channels/telegram/${tg.id}`);
    expect(telegram.webhook?.url).toBe(tg.webhook_url);
    expect(telegram.webhook?.secret_token.length).toBeGreaterThanOrEqual(32);
    // Sealed at rest: the row holds neither the token nor the webhook secret.
    const [row] = await sql("select secrets from channels where public_id = $1", [tg.id]);
    expect(String(row!.secrets)).not.toContain(telegram.token);
    expect(String(row!.secrets)).not.toContain(telegram.webhook!.secret_token);
  }, 90_000);

  it("refuses bad connect bodies with a clear error in the owner's language, storing nothing", async () => {
    const bad = [
      { type: "whatsapp", token: "x" },
      { type: "telegram" },
      { type: "telegram", bot_token: "" },
      { type: "messenger", page_id: "not-a-number", page_access_token: "t", app_secret: "s" },
      { type: "zalo", app_id: "1" },
      "just a string",
    ];
    const before = await sql("select count(*)::int as n from channels");
    for (const body of bad) {
      const res = await ownerApi<unknown>(owner.access, "POST", "/api/v1/agent/channels", body, "vi");
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error?.detail).toBeTruthy();
    }
    const shaped = await ownerApi<unknown>(
      owner.access,
      "POST",
      "/api/v1/agent/channels",
      { type: "telegram", bot_token: "not a telegram token" },
      "vi",
    );
    expect(shaped.status).toBe(422);
    expect(shaped.body.error?.detail).toBe(
      "Nền tảng không chấp nhận mã này. Hãy sao chép lại từ nền tảng và dán đầy đủ.",
    );
    const huge = await ownerApi<unknown>(owner.access, "POST", "/api/v1/agent/channels", {
      type: "telegram",
      bot_token: "1".repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    expect(await sql("select count(*)::int as n from channels")).toEqual(before);
  });

  it("answers a signed Telegram update through sendMessage within 2 s, and a duplicate once", async () => {
    const before = telegram.sent.length;
    const update = tgUpdate(555001, "Tiệm bánh mở cửa lúc mấy giờ?");
    const started = Date.now();
    const res = await post(tg.webhook_url, update, {
      "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
    });
    expect(res.status).toBe(200);
    await expect.poll(() => telegram.sent.length, { timeout: 2_000, interval: 20 }).toBe(before + 1);
    const elapsed = Date.now() - started;
    console.log(`[channels] Telegram update answered through sendMessage in ${elapsed} ms`);
    const reply = telegram.sent.at(-1)!;
    expect(reply.chat_id).toBe("555001");
    expect(reply.text).toMatch(/7 giờ sáng/);
    expect(reply.text).not.toMatch(/\*\*|\[\d+\]\(/);
    expect(telegram.actions.some((a) => a.chat_id === "555001" && a.action === "typing")).toBe(true);

    // Telegram delivers again when it thinks the first try failed: answered once.
    const again = await post(tg.webhook_url, update, {
      "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
    });
    expect(again.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(telegram.sent.length).toBe(before + 1);

    // The person's conversation is in the agent's history as a visitor's, under a pseudonymous id.
    const convs = await sql(
      "select c.visitor_id, c.identity_name from conversations c join messages m on m.conversation_id = c.id where m.content = $1",
      ["Tiệm bánh mở cửa lúc mấy giờ?"],
    );
    expect(convs).toHaveLength(1);
    expect(String(convs[0]!.visitor_id)).toMatch(/^telegram_/);
    expect(String(convs[0]!.visitor_id)).not.toContain("555001");
    expect(convs[0]!.identity_name).toBe("Lan Nguyễn");
    const listed = await ownerApi<{ data: ChannelView[] }>(owner.access, "GET", "/api/v1/agent/channels");
    expect(listed.body.data[0]!.last_message_at).not.toBeNull();
  }, 30_000);

  it("limits a flood from one channel user like a visitor, saying so in their language", async () => {
    const sent = telegram.sent.length;
    for (let i = 0; i < 5; i++) {
      const res = await post(tg.webhook_url, tgUpdate(555020, `Mấy giờ mở cửa? (${i})`), {
        "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
      });
      expect(res.status).toBe(200);
    }
    await expect.poll(() => telegram.sent.length, { timeout: 5_000, interval: 50 }).toBe(sent + 5);
    const replies = telegram.sent.slice(sent).map((m) => m.text);
    // Three answered (CHAT_LIMIT_VISITOR_PER_MINUTE), two told to wait, as the chat page would say it.
    const refused = replies.filter((t) =>
      /^Bạn đang gửi tin nhắn quá nhanh\. Vui lòng đợi \d+ giây rồi thử lại\.$/.test(t),
    );
    expect(refused).toHaveLength(2);
  });

  it("refuses a forged Telegram update with 401 and writes nothing", async () => {
    const events = await sql("select count(*)::int as n from channel_events");
    const sent = telegram.sent.length;
    for (const headers of [
      {} as Record<string, string>,
      { "x-telegram-bot-api-secret-token": "forged-secret-forged-secret-forged" },
    ]) {
      const res = await post(tg.webhook_url, tgUpdate(555002, "Xin chào"), headers);
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toBe("unauthorized");
    }
    // Hostile input: not JSON, an unknown channel, an id of the wrong shape.
    const garbage = await post(tg.webhook_url, "{not json", {
      "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
    });
    expect(garbage.status).toBe(200);
    for (const id of ["ch_AAAAAAAAAAAAAAAAAAAAAA", "../../etc", "x".repeat(300)]) {
      const res = await post(`${server.baseUrl}/api/v1/channels/telegram/${id}`, tgUpdate(1, "hi"), {});
      expect(res.status).toBe(404);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sql("select count(*)::int as n from channel_events")).toEqual(events);
    expect(telegram.sent.length).toBe(sent);
  });

  it("retries a reply on 429/5xx, and shows a reply that could not be sent", async () => {
    const sent = telegram.sent.length;
    telegram.failNext(502, 2);
    await post(tg.webhook_url, tgUpdate(555010, "Mấy giờ mở cửa?"), {
      "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
    });
    await expect.poll(() => telegram.sent.length, { timeout: 5_000, interval: 50 }).toBe(sent + 1);

    telegram.failNext(503, 100);
    await post(tg.webhook_url, tgUpdate(555011, "Mấy giờ mở cửa?"), {
      "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
    });
    const state = async () =>
      (await ownerApi<{ data: ChannelView[] }>(owner.access, "GET", "/api/v1/agent/channels")).body.data.find(
        (c) => c.id === tg.id,
      );
    await expect.poll(async () => (await state())?.state, { timeout: 15_000, interval: 200 }).toBe("failing");
    expect((await state())?.last_error).toMatch(/Telegram answered 503/);
    expect(telegram.sent.length).toBe(sent + 1);
    telegram.failNext(0, 0);
    // The next reply that goes through clears it.
    await post(tg.webhook_url, tgUpdate(555012, "Mấy giờ mở cửa?"), {
      "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
    });
    await expect
      .poll(async () => (await state())?.state, { timeout: 5_000, interval: 100 })
      .toBe("connected");
    expect((await state())?.last_error).toBeNull();
  }, 30_000);

  it("connects a Zalo OA: signed events answered through the CS message API, the token refreshed once", async () => {
    const refreshToken = zalo.refreshToken;
    // Refreshes due within five minutes: the first pair lasts just over that, so both next replies need one.
    zalo.expiresIn = 301;
    const za = await connect(owner.access, {
      type: "zalo",
      app_id: zalo.appId,
      app_secret: zalo.appSecret,
      oa_secret_key: OA_SECRET,
      access_token: zalo.accessToken,
      refresh_token: refreshToken,
    });
    expect(za).toMatchObject({ type: "zalo", state: "connected", verify_token: null });
    expect(zalo.refreshes).toBe(1);
    zalo.expiresIn = 90_000;
    await new Promise((r) => setTimeout(r, 1_500));

    const event = (user: string, msgId: string, text: string, timestamp = Date.now()) =>
      JSON.stringify({
        app_id: zalo.appId,
        user_id_by_app: `app_${user}`,
        event_name: "user_send_text",
        timestamp: String(timestamp),
        sender: { id: user },
        recipient: { id: "oa_1" },
        message: { text, msg_id: msgId },
      });
    const sign = (raw: string, key = OA_SECRET) => {
      const ts = (JSON.parse(raw) as { timestamp: string }).timestamp;
      return `mac=${createHash("sha256").update(`${zalo.appId}${raw}${ts}${key}`).digest("hex")}`;
    };
    const forged = event("u1", "z_0", "Mấy giờ mở cửa?");
    expect(
      (await post(za.webhook_url, forged, { "x-zevent-signature": sign(forged, "wrong-key") })).status,
    ).toBe(401);
    const stale = event("u1", "z_s", "Mấy giờ mở cửa?", Date.now() - 60 * 60 * 1000);
    expect((await post(za.webhook_url, stale, { "x-zevent-signature": sign(stale) })).status).toBe(401);

    // Two people at once: both answered, the single-use refresh token spent once.
    const a = event("u1", "z_1", "Mấy giờ mở cửa?");
    const b = event("u2", "z_2", "Tiệm mở cửa lúc nào?");
    const started = Date.now();
    const res = await Promise.all([
      post(za.webhook_url, a, { "x-zevent-signature": sign(a) }),
      post(za.webhook_url, b, { "x-zevent-signature": sign(b) }),
      post(za.webhook_url, a, { "x-zevent-signature": sign(a) }),
    ]);
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    await expect.poll(() => zalo.sent.length, { timeout: 3_000, interval: 20 }).toBe(2);
    console.log(`[channels] two Zalo events answered through the CS API in ${Date.now() - started} ms`);
    expect(zalo.sent.map((s) => s.user_id).sort()).toEqual(["u1", "u2"]);
    expect(zalo.sent[0]!.text).toMatch(/7 giờ sáng/);
    expect(zalo.refreshes).toBe(2);
    await new Promise((r) => setTimeout(r, 800));
    expect(zalo.sent).toHaveLength(2);
  }, 60_000);

  it("connects Messenger: the verify handshake and a signed message answered through the Send API", async () => {
    const fb = await connect(owner.access, {
      type: "messenger",
      page_id: messenger.pageId,
      page_access_token: messenger.pageToken,
      app_secret: APP_SECRET,
    });
    expect(fb.verify_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const hub = (token: string) =>
      `${fb.webhook_url}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const right = await fetch(hub(fb.verify_token!));
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("1158201444");
    const wrong = await fetch(hub("not-the-token"));
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("1158201444");

    const delivery = JSON.stringify({
      object: "page",
      entry: [
        {
          id: messenger.pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: "7001" },
              recipient: { id: messenger.pageId },
              message: { mid: "m_1", text: "Mấy giờ mở cửa?" },
            },
            // The page's own message echoed back, and a read receipt: neither is answered.
            {
              sender: { id: messenger.pageId },
              recipient: { id: "7001" },
              message: { mid: "m_2", text: "x", is_echo: true },
            },
            { sender: { id: "7001" }, recipient: { id: messenger.pageId }, read: { watermark: 1 } },
          ],
        },
      ],
    });
    const sign = (raw: string, secret = APP_SECRET) =>
      `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
    const bad = await post(fb.webhook_url, delivery, {
      "x-hub-signature-256": sign(delivery, "wrong-secret"),
    });
    expect(bad.status).toBe(401);
    // Signed over other bytes than those sent (a re-serialized body) is forged too.
    const reserialized = await post(fb.webhook_url, delivery.replace("Mấy", "Máy"), {
      "x-hub-signature-256": sign(delivery),
    });
    expect(reserialized.status).toBe(401);
    expect(messenger.sent).toHaveLength(0);

    const ok = await post(fb.webhook_url, delivery, { "x-hub-signature-256": sign(delivery) });
    expect(ok.status).toBe(200);
    await expect.poll(() => messenger.sent.length, { timeout: 2_000, interval: 20 }).toBe(1);
    expect(messenger.sent[0]).toMatchObject({ recipient: "7001", messaging_type: "RESPONSE" });
    expect(messenger.sent[0]!.text).toMatch(/7 giờ sáng/);
    expect(messenger.actions).toContainEqual({ recipient: "7001", action: "typing_on" });
    // Redelivered: answered once.
    await post(fb.webhook_url, delivery, { "x-hub-signature-256": sign(delivery) });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(messenger.sent).toHaveLength(1);
  }, 60_000);

  it("never answers a secret, keeps another owner out, and disconnects with the webhook removed", async () => {
    const webhookSecret = telegram.webhook!.secret_token;
    const listed = await ownerApi<{ data: ChannelView[] }>(owner.access, "GET", "/api/v1/agent/channels");
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c) => c.type).sort()).toEqual(["messenger", "telegram", "zalo"]);
    const raw = JSON.stringify(listed.body);
    const zaloSecrets = [zalo.accessToken, zalo.refreshToken, zalo.appSecret, OA_SECRET];
    for (const secret of [telegram.token, webhookSecret, messenger.pageToken, APP_SECRET, ...zaloSecrets]) {
      expect(raw).not.toContain(secret);
    }
    for (const c of listed.body.data) {
      expect(Object.keys(c).sort()).toEqual(
        [
          "id",
          "inserted_at",
          "last_error",
          "last_message_at",
          "state",
          "token_expires_at",
          "type",
          "verify_token",
          "webhook_url",
        ].sort(),
      );
    }

    const other = await trainedAgent({ texts });
    const foreign = await ownerApi<unknown>(
      other.access,
      "DELETE",
      `/api/v1/agent/channels/${tg.id}`,
      undefined,
      "vi",
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.detail).toBe("Kênh này không tồn tại hoặc không phải của bạn.");
    expect(
      (await ownerApi<{ data: unknown[] }>(other.access, "GET", "/api/v1/agent/channels")).body.data,
    ).toEqual([]);

    const gone = await ownerApi<unknown>(owner.access, "DELETE", `/api/v1/agent/channels/${tg.id}`);
    expect(gone.status).toBe(200);
    expect(telegram.webhook).toBeNull();
    const after = await post(tg.webhook_url, tgUpdate(555003, "hi"), {
      "x-telegram-bot-api-secret-token": "x",
    });
    expect(after.status).toBe(404);

    // Nothing secret reached the server's log.
    const log = server.output();
    expect(log.length).toBeGreaterThan(0);
    const secrets = [
      telegram.token,
      telegram.token.split(":")[1]!,
      webhookSecret,
      messenger.pageToken,
      APP_SECRET,
    ];
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
    }
  }, 90_000);
});
