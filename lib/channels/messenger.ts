import "server-only";
import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import type { ChannelAdapter, ChannelMessage } from "./adapter";
import { hmacSha256Hex, sameSecret } from "./compare";
import { ChannelSendError, platformCall } from "./platform-http";
import { splitText } from "./telegram";

/**
 * Facebook Messenger through the Graph API: a Page access token to reply, the app secret that signs every
 * delivery (X-Hub-Signature-256 over the raw body), and a verify token the owner pastes on Facebook's side
 * for its subscription handshake.
 */

const GRAPH_VERSION = "v19.0";
/** Messenger refuses a text message longer than this. */
export const MESSENGER_MAX_CHARS = 2000;

const graph = (path: string, token: string) =>
  `${config().GRAPH_API_BASE ?? "https://graph.facebook.com"}/${GRAPH_VERSION}/${path}?access_token=${encodeURIComponent(token)}`;

export const newVerifyToken = () => randomBytes(24).toString("base64url");

/** Checks the Page token belongs to the page the owner named; throws a ChannelSendError otherwise. */
export async function connectMessenger(input: {
  page_id: string;
  page_access_token: string;
  app_secret: string;
}): Promise<Record<string, string>> {
  const me = await platformCall<{ id?: unknown }>(
    graph("me", input.page_access_token),
    { method: "GET" },
    "Messenger",
  );
  if (String(me.id) !== input.page_id) throw new ChannelSendError("the token is not this page's", true);
  return {
    page_id: input.page_id,
    page_access_token: input.page_access_token,
    app_secret: input.app_secret,
  };
}

type Delivery = {
  object?: unknown;
  entry?: {
    messaging?: {
      sender?: { id?: unknown };
      message?: { mid?: unknown; text?: unknown; is_echo?: unknown };
    }[];
  }[];
};

export const messenger: ChannelAdapter = {
  type: "messenger",
  verify({ rawBody, headers }, secrets) {
    const given = headers.get("x-hub-signature-256");
    if (!given?.startsWith("sha256=") || !secrets.app_secret) return false;
    return sameSecret(given.slice(7).toLowerCase(), hmacSha256Hex(secrets.app_secret, rawBody));
  },
  messages(rawBody): ChannelMessage[] {
    let delivery: Delivery;
    try {
      delivery = JSON.parse(rawBody) as Delivery;
    } catch {
      return [];
    }
    if (delivery?.object !== "page" || !Array.isArray(delivery.entry)) return [];
    const out: ChannelMessage[] = [];
    for (const entry of delivery.entry.slice(0, 100)) {
      for (const event of Array.isArray(entry?.messaging) ? entry.messaging.slice(0, 100) : []) {
        const m = event?.message;
        const sender = event?.sender?.id;
        if (!m || m.is_echo === true || typeof m.text !== "string" || typeof m.mid !== "string") continue;
        if (typeof sender !== "string" && typeof sender !== "number") continue;
        out.push({ channelUserId: String(sender), messageId: m.mid, text: m.text });
      }
    }
    return out;
  },
  async identify(secrets) {
    if (!secrets.page_access_token) throw new ChannelSendError("Messenger token missing", true);
    const me = await platformCall<{ id?: unknown; name?: unknown }>(
      graph("me", secrets.page_access_token),
      { method: "GET" },
      "Messenger",
    );
    if (String(me.id) !== secrets.page_id) throw new ChannelSendError("the token is not this page's", true);
    return typeof me.name === "string" ? me.name : "";
  },
  async send(secrets, to, text) {
    if (!secrets.page_access_token) throw new ChannelSendError("Messenger token missing", true);
    for (const part of splitText(text, MESSENGER_MAX_CHARS)) {
      await platformCall(
        graph("me/messages", secrets.page_access_token),
        { body: { recipient: { id: to }, messaging_type: "RESPONSE", message: { text: part } } },
        "Messenger",
      );
    }
  },
  async typing(secrets, to) {
    if (!secrets.page_access_token) return;
    await platformCall(
      graph("me/messages", secrets.page_access_token),
      { body: { recipient: { id: to }, sender_action: "typing_on" } },
      "Messenger",
    );
  },
};

/** Facebook's subscription handshake: the challenge back only for this channel's own verify token. */
export function messengerChallenge(url: URL, verifyToken: string | null): string | null {
  const q = url.searchParams;
  if (q.get("hub.mode") !== "subscribe" || !verifyToken) return null;
  if (!sameSecret(q.get("hub.verify_token"), verifyToken)) return null;
  const challenge = q.get("hub.challenge");
  return challenge && challenge.length <= 200 ? challenge : null;
}
