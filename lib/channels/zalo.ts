import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import type { ChannelAdapter, ChannelMessage } from "./adapter";
import { sameSecret } from "./compare";
import { ChannelSendError, platformCall } from "./platform-http";
import { splitText } from "./telegram";

/**
 * Zalo Official Account: OA API v3.0 to reply (the customer-service message, `access_token` header) and
 * OAuth v4 to refresh the access token (about 25 h) with the single-use refresh token. Every event is
 * signed: X-ZEvent-Signature is `mac=` sha256(app id + raw body + the body's timestamp + OA secret key).
 */

/** Zalo refuses a text message longer than this. */
export const ZALO_MAX_CHARS = 2000;
/** An event older (or further ahead) than this is a replay, whatever its signature. */
const STALE_MS = 15 * 60 * 1000;

const apiBase = () => config().ZALO_API_BASE ?? "https://openapi.zalo.me";
const oauthBase = () => config().ZALO_OAUTH_BASE ?? "https://oauth.zaloapp.com";

/** Zalo's refresh token lasts three months; each refresh gives a new one. */
const REFRESH_TOKEN_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export type ZaloTokens = {
  access_token: string;
  refresh_token: string;
  expires_at: string;
  refresh_expires_at: string;
};

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
};

/** A token answer as the pair to keep, or an unauthorized ChannelSendError with Zalo's reason. */
function tokensOf(answer: TokenAnswer, refused: string): ZaloTokens {
  if (typeof answer.access_token !== "string" || typeof answer.refresh_token !== "string") {
    const reason = typeof answer.error_description === "string" ? answer.error_description.slice(0, 200) : "";
    throw new ChannelSendError(`${refused}${reason ? `: ${reason}` : ""}`, true);
  }
  const seconds = Number(answer.expires_in);
  const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds : 90_000;
  return {
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    expires_at: String(Date.now() + lifetime * 1000),
    refresh_expires_at: String(Date.now() + REFRESH_TOKEN_LIFETIME_MS),
  };
}

/**
 * OAuth v4 for an Official Account with PKCE: a fresh verifier (43 characters of base64url), its S256
 * challenge, and a single-use state.
 */
export function newZaloAuthorization(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(32).toString("base64url");
  return {
    verifier,
    challenge: createHash("sha256").update(verifier).digest("base64url"),
    state: randomBytes(32).toString("base64url"),
  };
}

/** Zalo's page where the OA's admin grants the app access; Zalo sends them back to `redirectUri`. */
export function zaloAuthorizeUrl(
  appId: string,
  redirectUri: string,
  challenge: string,
  state: string,
): string {
  const query = new URLSearchParams({
    app_id: appId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    state,
  });
  return `${oauthBase()}/v4/oa/permission?${query}`;
}

/** The authorization code (with the PKCE verifier) for the OA's first token pair. */
export async function exchangeZaloCode(
  app: { app_id: string; app_secret: string },
  code: string,
  verifier: string,
): Promise<ZaloTokens> {
  const answer = await platformCall<TokenAnswer>(
    `${oauthBase()}/v4/oa/access_token`,
    {
      headers: { secret_key: app.app_secret },
      body: new URLSearchParams({
        code,
        app_id: app.app_id,
        grant_type: "authorization_code",
        code_verifier: verifier,
      }),
    },
    "Zalo",
  );
  return tokensOf(answer, "Zalo refused the authorization code");
}

/** The OA's name (getoa): proof the access token works; sends nothing to anyone. */
export async function zaloOaName(secrets: Record<string, string>): Promise<string> {
  if (!secrets.access_token) throw new ChannelSendError("Zalo token missing", true);
  const answer = await platformCall<{ error?: unknown; message?: unknown; data?: { name?: unknown } }>(
    `${apiBase()}/v2.0/oa/getoa`,
    { method: "GET", headers: { access_token: secrets.access_token } },
    "Zalo",
  );
  if (typeof answer.error === "number" && answer.error !== 0) {
    const reason = typeof answer.message === "string" ? `: ${answer.message.slice(0, 200)}` : "";
    throw new ChannelSendError(`Zalo error ${answer.error}${reason}`, answer.error === -216);
  }
  return typeof answer.data?.name === "string" ? answer.data.name : "";
}

/**
 * A new token pair for the refresh token, which Zalo then no longer accepts. An unknown or used refresh
 * token throws an unauthorized ChannelSendError: the owner must connect again.
 */
export async function refreshZaloTokens(app: {
  app_id: string;
  app_secret: string;
  refresh_token: string;
}): Promise<ZaloTokens> {
  const answer = await platformCall<TokenAnswer>(
    `${oauthBase()}/v4/oa/access_token`,
    {
      headers: { secret_key: app.app_secret },
      body: new URLSearchParams({
        refresh_token: app.refresh_token,
        app_id: app.app_id,
        grant_type: "refresh_token",
      }),
    },
    "Zalo",
  );
  return tokensOf(answer, "Zalo refused the refresh token");
}

type ZaloEvent = {
  app_id?: unknown;
  event_name?: unknown;
  timestamp?: unknown;
  sender?: { id?: unknown };
  message?: { msg_id?: unknown; text?: unknown };
};

const parse = (raw: string): ZaloEvent | null => {
  try {
    const event = JSON.parse(raw) as ZaloEvent | null;
    return event && typeof event === "object" ? event : null;
  } catch {
    return null;
  }
};

export const zalo: ChannelAdapter = {
  type: "zalo",
  verify({ rawBody, headers }, secrets) {
    const given = headers.get("x-zevent-signature");
    const event = parse(rawBody);
    const timestamp = event?.timestamp;
    if (!given || !secrets.app_id || !secrets.oa_secret_key) return false;
    if (typeof timestamp !== "string" && typeof timestamp !== "number") return false;
    const mac = createHash("sha256")
      .update(`${secrets.app_id}${rawBody}${timestamp}${secrets.oa_secret_key}`)
      .digest("hex");
    if (!sameSecret(given.trim().toLowerCase(), `mac=${mac}`)) return false;
    return Math.abs(Date.now() - Number(timestamp)) <= STALE_MS && String(event?.app_id) === secrets.app_id;
  },
  messages(rawBody): ChannelMessage[] {
    const event = parse(rawBody);
    if (event?.event_name !== "user_send_text") return [];
    const sender = event.sender?.id;
    const { msg_id, text } = event.message ?? {};
    if (typeof sender !== "string" || typeof msg_id !== "string" || typeof text !== "string") return [];
    return [{ channelUserId: sender, messageId: msg_id, text }];
  },
  identify: zaloOaName,
  async send(secrets, to, text) {
    if (!secrets.access_token) throw new ChannelSendError("Zalo token missing", true);
    for (const part of splitText(text, ZALO_MAX_CHARS)) {
      const answer = await platformCall<{ error?: unknown; message?: unknown }>(
        `${apiBase()}/v3.0/oa/message/cs`,
        {
          headers: { access_token: secrets.access_token },
          body: { recipient: { user_id: to }, message: { text: part } },
        },
        "Zalo",
      );
      // Zalo answers 200 with its own error code: -216 is an invalid access token.
      if (typeof answer.error === "number" && answer.error !== 0) {
        const reason = typeof answer.message === "string" ? `: ${answer.message.slice(0, 200)}` : "";
        throw new ChannelSendError(`Zalo error ${answer.error}${reason}`, answer.error === -216);
      }
    }
  },
};
