import { describe, expect, it } from "vitest";
import { messenger, messengerChallenge } from "@/lib/channels/messenger";
import { plainAnswer, stripMarkdown } from "@/lib/channels/plain-text";
import { open, seal } from "@/lib/channels/secret-box";
import { splitText, telegram } from "@/lib/channels/telegram";
import { zalo } from "@/lib/channels/zalo";
import { scrubText } from "@/lib/logger-redact";

/** Issue 47's pure parts: sealed secrets, plain-text answers, splitting, and the platforms' deliveries. */

describe("channel secrets at rest", () => {
  it("opens what it sealed, with a fresh nonce each time, and refuses an altered value", () => {
    const secrets = { bot_token: "123456789:AAtoken", secret_token: "s3cret" };
    const a = seal(secrets);
    const b = seal(secrets);
    expect(a).not.toBe(b);
    expect(a).not.toContain("AAtoken");
    expect(open(a)).toEqual(secrets);
    const [v, nonce, tag, body] = a.split(".");
    const flipped = body!.startsWith("A") ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(open([v, nonce, tag, flipped].join("."))).toBeNull();
    expect(open("v1.garbage")).toBeNull();
    expect(open("")).toBeNull();
  });
});

describe("answers as plain text", () => {
  it("takes markdown out, keeps link addresses, and lists sources with their links", () => {
    expect(stripMarkdown("## Giờ mở cửa\n\n**7 giờ** sáng, xem [trang](https://a.vn/gio) và `mã`.")).toBe(
      "Giờ mở cửa\n\n7 giờ sáng, xem trang (https://a.vn/gio) và mã.",
    );
    expect(stripMarkdown("* một\n* hai")).toBe("• một\n• hai");
    const text = plainAnswer(
      "Mở cửa lúc 7 giờ.",
      [
        { title: "Giờ mở cửa", url: "https://a.vn/gio" },
        { title: "Ghi chú", url: null },
      ],
      "vi",
    );
    expect(text).toBe("Mở cửa lúc 7 giờ.\n\nNguồn:\n1. Giờ mở cửa — https://a.vn/gio");
  });

  it("splits past the platform's limit at a space, losing nothing", () => {
    const words = Array.from({ length: 2000 }, (_, i) => `từ${i}`).join(" ");
    const parts = splitText(words, 4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(4096);
    expect(parts.join(" ")).toBe(words);
    expect(splitText("x".repeat(9000), 4096).map((p) => p.length)).toEqual([4096, 4096, 808]);
  });
});

describe("platform deliveries", () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const url = new URL("http://x/");

  it("Telegram: only the secret token, only text messages", () => {
    const secrets = { secret_token: "right-secret" };
    const d = (h: Record<string, string>) => ({ rawBody: "{}", headers: headers(h), url });
    expect(telegram.verify(d({ "x-telegram-bot-api-secret-token": "right-secret" }), secrets)).toBe(true);
    expect(telegram.verify(d({ "x-telegram-bot-api-secret-token": "wrong" }), secrets)).toBe(false);
    expect(telegram.verify(d({}), secrets)).toBe(false);
    expect(telegram.verify(d({ "x-telegram-bot-api-secret-token": "" }), { secret_token: "" })).toBe(true);
    const update = { update_id: 7, message: { chat: { id: 42 }, from: { first_name: "Lan" }, text: "Chào" } };
    expect(telegram.messages(JSON.stringify(update))).toEqual([
      { channelUserId: "42", displayName: "Lan", messageId: "7", text: "Chào" },
    ]);
    expect(
      telegram.messages(JSON.stringify({ update_id: 8, message: { chat: { id: 42 }, sticker: {} } })),
    ).toEqual([]);
    expect(telegram.messages("not json")).toEqual([]);
    expect(telegram.messages("null")).toEqual([]);
    expect(telegram.messages('{"update_id":9,"message":null}')).toEqual([]);
  });

  it("Messenger: the raw body's HMAC, echoes ignored, the handshake only for its own token", () => {
    const { createHmac } = require("node:crypto") as typeof import("node:crypto");
    const raw = JSON.stringify({
      object: "page",
      entry: [{ messaging: [{ sender: { id: "1" }, message: { mid: "m1", text: "hi" } }] }],
    });
    const sig = `sha256=${createHmac("sha256", "app-secret").update(raw).digest("hex")}`;
    const d = (sigHeader: string, body = raw) => ({
      rawBody: body,
      headers: headers({ "x-hub-signature-256": sigHeader }),
      url,
    });
    expect(messenger.verify(d(sig), { app_secret: "app-secret" })).toBe(true);
    expect(messenger.verify(d(sig, `${raw} `), { app_secret: "app-secret" })).toBe(false);
    expect(messenger.verify(d(sig.replace("sha256=", "sha1=")), { app_secret: "app-secret" })).toBe(false);
    expect(messenger.verify(d(sig), {})).toBe(false);
    expect(messenger.messages(raw)).toEqual([{ channelUserId: "1", messageId: "m1", text: "hi" }]);
    const echo = raw.replace('"text":"hi"', '"text":"hi","is_echo":true');
    expect(messenger.messages(echo)).toEqual([]);
    for (const hostile of ["null", "[]", '{"object":"page","entry":[null,{"messaging":[null]}]}'])
      expect(messenger.messages(hostile)).toEqual([]);
    const q = (token: string) =>
      new URL(`http://x/?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=123`);
    expect(messengerChallenge(q("vt"), "vt")).toBe("123");
    expect(messengerChallenge(q("no"), "vt")).toBeNull();
    expect(messengerChallenge(q("vt"), null)).toBeNull();
  });
});

describe("Zalo events", () => {
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  const secrets = { app_id: "123", oa_secret_key: "oa-key" };
  const event = (timestamp: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      app_id: "123",
      event_name: "user_send_text",
      timestamp: String(timestamp),
      sender: { id: "u1" },
      message: { msg_id: "m1", text: "Chào" },
      ...extra,
    });
  const mac = (raw: string, ts: number, key = "oa-key") =>
    `mac=${createHash("sha256").update(`123${raw}${ts}${key}`).digest("hex")}`;
  const d = (raw: string, sig: string) => ({
    rawBody: raw,
    headers: new Headers({ "x-zevent-signature": sig }),
    url: new URL("http://x/"),
  });

  it("accepts the signature over app id, raw body, timestamp and OA secret key, fresh only", () => {
    const now = Date.now();
    const raw = event(now);
    expect(zalo.verify(d(raw, mac(raw, now)), secrets)).toBe(true);
    expect(zalo.verify(d(raw, mac(raw, now, "other")), secrets)).toBe(false);
    expect(zalo.verify(d(`${raw} `, mac(raw, now)), secrets)).toBe(false);
    const old = event(now - 60 * 60 * 1000);
    expect(zalo.verify(d(old, mac(old, now - 60 * 60 * 1000)), secrets)).toBe(false);
    const otherApp = event(now, { app_id: "999" });
    expect(zalo.verify(d(otherApp, mac(otherApp, now)), secrets)).toBe(false);
    expect(zalo.verify(d("null", "mac=x"), secrets)).toBe(false);
  });

  it("reads user_send_text only", () => {
    expect(zalo.messages(event(1))).toEqual([{ channelUserId: "u1", messageId: "m1", text: "Chào" }]);
    expect(zalo.messages(event(1, { event_name: "user_send_sticker" }))).toEqual([]);
    expect(zalo.messages("[]")).toEqual([]);
  });
});

describe("logs", () => {
  it("scrub a Telegram token inside a Bot API URL and channel secrets in JSON text", () => {
    const token = "123456789:AAFakeTokenForTestsOnly_abcdefghijklmnop";
    expect(scrubText(`GET https://api.telegram.org/bot${token}/getMe failed`)).not.toContain("AAFake");
    expect(scrubText(`{"page_access_token":"EAAsecret","app_secret":"abc"}`)).not.toMatch(/EAAsecret|abc"/);
  });
});
