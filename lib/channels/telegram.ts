import "server-only";
import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import type { ChannelAdapter, ChannelMessage } from "./adapter";
import { sameSecret } from "./compare";
import { ChannelSendError, platformCall } from "./platform-http";

/**
 * Telegram's Bot API: the owner pastes the token BotFather gave; the product sets the bot's webhook to its
 * own URL with a random secret that Telegram sends back in X-Telegram-Bot-Api-Secret-Token.
 */

/** A message longer than this is refused by sendMessage. */
export const TELEGRAM_MAX_CHARS = 4096;
const TOKEN_SHAPE = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;

const api = (token: string, method: string) =>
  `${config().TELEGRAM_API_BASE ?? "https://api.telegram.org"}/bot${token}/${method}`;

export const isTelegramToken = (token: string) => TOKEN_SHAPE.test(token);

/**
 * Checks the token with getMe and points the bot's webhook here. Returns the secrets to keep, or throws a
 * ChannelSendError (unauthorized when Telegram does not know the token).
 */
export async function connectTelegram(
  botToken: string,
  webhookUrl: string,
): Promise<{ secrets: Record<string, string>; name: string }> {
  const me = await platformCall<{ result?: { username?: string } }>(
    api(botToken, "getMe"),
    { method: "GET" },
    "Telegram",
  );
  const secretToken = randomBytes(32).toString("base64url");
  await platformCall(
    api(botToken, "setWebhook"),
    { body: { url: webhookUrl, secret_token: secretToken, allowed_updates: ["message"] } },
    "Telegram",
  );
  return {
    secrets: { bot_token: botToken, secret_token: secretToken },
    name: me.result?.username ?? "",
  };
}

type Update = {
  update_id?: unknown;
  message?: {
    chat?: { id?: unknown };
    from?: { first_name?: unknown; last_name?: unknown; username?: unknown };
    text?: unknown;
  };
};

export const telegram: ChannelAdapter = {
  type: "telegram",
  verify: ({ headers }, secrets) =>
    sameSecret(headers.get("x-telegram-bot-api-secret-token"), secrets.secret_token ?? ""),
  messages(rawBody): ChannelMessage[] {
    let update: Update;
    try {
      update = JSON.parse(rawBody) as Update;
    } catch {
      return [];
    }
    const m = update?.message;
    const chat = m?.chat?.id;
    if (typeof update?.update_id !== "number" || !m || typeof m.text !== "string") return [];
    if (typeof chat !== "number" && typeof chat !== "string") return [];
    const name = [m.from?.first_name, m.from?.last_name].filter((p) => typeof p === "string").join(" ");
    return [
      {
        channelUserId: String(chat),
        displayName: name || (typeof m.from?.username === "string" ? m.from.username : undefined),
        messageId: String(update.update_id),
        text: m.text,
      },
    ];
  },
  async identify(secrets) {
    if (!secrets.bot_token) throw new ChannelSendError("Telegram token missing", true);
    const me = await platformCall<{ result?: { username?: unknown; first_name?: unknown } }>(
      api(secrets.bot_token, "getMe"),
      { method: "GET" },
      "Telegram",
    );
    const { username, first_name } = me.result ?? {};
    return typeof username === "string" ? `@${username}` : typeof first_name === "string" ? first_name : "";
  },
  async send(secrets, to, text) {
    if (!secrets.bot_token) throw new ChannelSendError("Telegram token missing", true);
    for (const part of splitText(text, TELEGRAM_MAX_CHARS)) {
      await platformCall(
        api(secrets.bot_token, "sendMessage"),
        { body: { chat_id: to, text: part } },
        "Telegram",
      );
    }
  },
  async typing(secrets, to) {
    if (!secrets.bot_token) return;
    await platformCall(
      api(secrets.bot_token, "sendChatAction"),
      { body: { chat_id: to, action: "typing" } },
      "Telegram",
    );
  },
  async teardown(secrets) {
    if (!secrets.bot_token) return;
    await platformCall(api(secrets.bot_token, "deleteWebhook"), { body: {} }, "Telegram");
  },
};

/** Parts of at most `max` characters, cut at a paragraph, line or space where one is near the end. */
export function splitText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(window.lastIndexOf("\n\n"), window.lastIndexOf("\n"), window.lastIndexOf(" "));
    const at = cut > max / 2 ? cut : max;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}
