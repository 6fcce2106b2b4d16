import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { AgentRow } from "@/lib/agents/queries";
import { planName } from "@/lib/billing/plans";
import { config } from "@/lib/config";
import type { ChannelTestView, ChannelView, ConnectChannelInput } from "@/lib/contracts/channels";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { logger } from "@/lib/logger";
import { adapterOf } from "./adapters";
import { currentSecrets } from "./channel-secrets";
import { connectMessenger, newVerifyToken } from "./messenger";
import { ChannelSendError } from "./platform-http";
import {
  authorizeChannel,
  type ChannelRow,
  channelOfAgent,
  channelsOfAgent,
  claimAuthorization,
  deleteChannel,
  failAuthorization,
  insertChannel,
  setPaused,
} from "./queries";
import { open, seal } from "./secret-box";
import { connectTelegram, isTelegramToken } from "./telegram";
import { exchangeZaloCode, newZaloAuthorization, refreshZaloTokens, zaloAuthorizeUrl } from "./zalo";

/**
 * An agent's channels (issue 47): connected by its owner with the platform's tokens, which are checked with
 * the platform first, sealed at rest and never answered; listed with what the owner needs to finish the
 * platform's side (the webhook URL, Messenger's verify token); disconnected with the webhook removed.
 */

const log = logger("channels");

/** At most this many per agent: enough for one of each platform and a spare, not a flood of webhooks. */
export const MAX_CHANNELS_PER_AGENT = 10;

export const newChannelId = () => `ch_${randomBytes(16).toString("base64url")}`;

export function webhookUrl(type: string, publicId: string): string {
  return `${config().APP_URL}/api/v1/channels/${type}/${publicId}`;
}

export function channelView(row: ChannelRow): ChannelView {
  return {
    id: row.publicId,
    type: row.type,
    state: row.state,
    webhook_url: webhookUrl(row.type, row.publicId),
    verify_token: row.type === "messenger" ? row.verifyToken : null,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    last_error: row.lastError,
    token_expires_at: tokenExpiry(row),
    inserted_at: row.insertedAt.toISOString(),
  };
}

/** Zalo's refresh token runs out three months after the last refresh: a quiet OA must be reconnected. */
function tokenExpiry(row: ChannelRow): string | null {
  if (row.type !== "zalo" || row.state === "needs_authorization") return null;
  const at = Number(open(row.secrets)?.refresh_expires_at);
  return Number.isFinite(at) && at > 0 ? new Date(at).toISOString() : null;
}

/** Where Zalo sends the OA's admin back after the authorization. */
export const zaloRedirectUri = () => `${config().APP_URL}/api/v1/channels/zalo/oauth/callback`;
/** An authorization not finished within this is refused: the state is single-use and short-lived. */
const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;
const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export async function listChannels(db: Db, agentId: string): Promise<ChannelView[]> {
  return (await channelsOfAgent(db, agentId)).map(channelView);
}

/** Channels are a paid feature (Beginner and up): the free plan has the page, the widget and the API. */
async function requirePaidPlan(db: Db, ownerId: string, locale: Locale): Promise<void> {
  const limits = await currentLimits(db, ownerId);
  if (limits.plan === "free") {
    throw new ApiError("forbidden", "channels_plan", {
      plan: planName(limits.plan, locale),
      needed: planName("beginner", locale),
    });
  }
}

export async function connectChannel(
  db: Db,
  agent: AgentRow,
  input: ConnectChannelInput,
  locale: Locale,
): Promise<ChannelView & { authorize_url?: string }> {
  await requirePaidPlan(db, agent.ownerId, locale);
  if ((await channelsOfAgent(db, agent.id)).length >= MAX_CHANNELS_PER_AGENT) {
    throw new ApiError("conflict", "channel_limit", { max: MAX_CHANNELS_PER_AGENT });
  }
  const publicId = newChannelId();
  if (input.type === "telegram") {
    if (!isTelegramToken(input.bot_token)) throw new ApiError("validation_failed", "channel_token_invalid");
    const { secrets } = await platform(() =>
      connectTelegram(input.bot_token, webhookUrl("telegram", publicId)),
    );
    return channelView(
      await insertChannel(db, { publicId, agentId: agent.id, type: "telegram", secrets: seal(secrets) }),
    );
  }
  if (input.type === "zalo") {
    const { type: _, access_token, refresh_token, ...app } = input;
    if (!access_token !== !refresh_token) throw new ApiError("validation_failed", "channel_zalo_token_pair");
    if (!refresh_token) {
      // The OA authorization flow: the channel waits, its PKCE verifier sealed with the app's secrets and
      // only the hash of the single-use state kept, until Zalo sends the owner back with a code.
      const flow = newZaloAuthorization();
      const row = await insertChannel(db, {
        publicId,
        agentId: agent.id,
        type: "zalo",
        state: "needs_authorization",
        secrets: seal({ ...app, code_verifier: flow.verifier }),
        oauthStateHash: hashState(flow.state),
        oauthExpiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
      });
      return {
        ...channelView(row),
        authorize_url: zaloAuthorizeUrl(app.app_id, zaloRedirectUri(), flow.challenge, flow.state),
      };
    }
    // The pasted refresh token is spent at once for a pair whose expiry is known.
    const tokens = await platform(() => refreshZaloTokens({ ...app, refresh_token }));
    return channelView(
      await insertChannel(db, {
        publicId,
        agentId: agent.id,
        type: "zalo",
        secrets: seal({ ...app, ...tokens }),
      }),
    );
  }
  const secrets = await platform(() => connectMessenger(input));
  return channelView(
    await insertChannel(db, {
      publicId,
      agentId: agent.id,
      type: "messenger",
      secrets: seal(secrets),
      verifyToken: newVerifyToken(),
    }),
  );
}

/** The platform's refusal as the owner's error: a wrong token, or the platform out of reach. */
async function platform<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ChannelSendError && err.unauthorized) {
      throw new ApiError("validation_failed", "channel_token_invalid");
    }
    if (err instanceof ChannelSendError) {
      log.warn(`connect: ${err.message}`);
      throw new ApiError("service_unavailable", "channel_platform_unreachable");
    }
    throw err;
  }
}

/** A foreign or unknown id is the same 404. The platform's webhook is removed best-effort. */
export async function disconnectChannel(db: Db, agentId: string, publicId: string): Promise<void> {
  const row = await channelOfAgent(db, agentId, publicId);
  if (!row) throw new ApiError("not_found", "channel_not_found");
  await deleteChannel(db, row.id);
  const secrets = open(row.secrets);
  const adapter = adapterOf(row.type);
  if (secrets && adapter?.teardown) {
    await adapter
      .teardown(secrets)
      .catch((err) => log.warn(`teardown ${row.publicId}: ${(err as Error).message}`));
  }
}

async function ownChannel(db: Db, agentId: string, publicId: string): Promise<ChannelRow> {
  const row = await channelOfAgent(db, agentId, publicId);
  if (!row) throw new ApiError("not_found", "channel_not_found");
  return row;
}

/** Pauses or resumes; a Zalo OA whose authorization is not finished has nothing to pause yet. */
export async function pauseChannel(
  db: Db,
  agentId: string,
  publicId: string,
  paused: boolean,
): Promise<ChannelView> {
  const row = await ownChannel(db, agentId, publicId);
  if (row.state === "needs_authorization") throw new ApiError("conflict", "channel_not_authorized");
  if ((row.state === "paused") === paused) return channelView(row);
  return channelView(await setPaused(db, row.id, paused));
}

/**
 * Asks the platform who the token belongs to (sends nothing to anyone): ok with the bot's, page's or OA's
 * name, or the platform's reason. Changes nothing on the channel, except a Zalo token refreshed when due.
 */
export async function testChannel(
  db: Db,
  agentId: string,
  publicId: string,
  locale: Locale,
): Promise<ChannelTestView> {
  const row = await ownChannel(db, agentId, publicId);
  if (row.state === "needs_authorization") {
    return { ok: false, reason: translate(locale, "errors.channel_not_authorized"), name: null };
  }
  const adapter = adapterOf(row.type);
  const secrets = await currentSecrets(db, row);
  if (!adapter || !secrets) {
    const again = await channelOfAgent(db, agentId, publicId);
    return {
      ok: false,
      reason: again?.lastError ?? translate(locale, "errors.channel_token_invalid"),
      name: null,
    };
  }
  try {
    const name = await adapter.identify(secrets);
    return { ok: true, reason: null, name: name || null };
  } catch (err) {
    if (!(err instanceof ChannelSendError)) throw err;
    return { ok: false, reason: err.message, name: null };
  }
}

/**
 * Zalo sent the owner back: the single-use state is claimed (unknown, used or older than ten minutes is
 * refused), then the code exchanged with the PKCE verifier. Answers the channel's id when connected, or
 * why not, for the page the owner lands on.
 */
export async function finishZaloAuthorization(
  db: Db,
  input: { code?: string; state?: string },
): Promise<{ channelId: string | null; error: "invalid_state" | "refused" | null }> {
  if (!input.state || !input.code) return { channelId: null, error: "invalid_state" };
  const row = await claimAuthorization(db, hashState(input.state));
  const secrets = row ? open(row.secrets) : null;
  if (!row || !secrets?.code_verifier || !secrets.app_id || !secrets.app_secret) {
    return { channelId: null, error: "invalid_state" };
  }
  const { code_verifier, ...app } = secrets;
  try {
    const tokens = await exchangeZaloCode(
      { app_id: app.app_id!, app_secret: app.app_secret! },
      input.code,
      code_verifier,
    );
    await authorizeChannel(db, row.id, seal({ ...app, ...tokens }));
    return { channelId: row.publicId, error: null };
  } catch (err) {
    if (!(err instanceof ChannelSendError)) throw err;
    log.warn(`zalo authorization of ${row.publicId} failed: ${err.message}`);
    await failAuthorization(db, row.id, err.message);
    return { channelId: row.publicId, error: "refused" };
  }
}
