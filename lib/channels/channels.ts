import "server-only";
import { randomBytes } from "node:crypto";
import type { AgentRow } from "@/lib/agents/queries";
import { planName } from "@/lib/billing/plans";
import { config } from "@/lib/config";
import type { ChannelView, ConnectChannelInput } from "@/lib/contracts/channels";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { logger } from "@/lib/logger";
import { adapterOf } from "./adapters";
import { connectMessenger, newVerifyToken } from "./messenger";
import { ChannelSendError } from "./platform-http";
import { type ChannelRow, channelOfAgent, channelsOfAgent, deleteChannel, insertChannel } from "./queries";
import { open, seal } from "./secret-box";
import { connectTelegram, isTelegramToken } from "./telegram";
import { refreshZaloTokens } from "./zalo";

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
    inserted_at: row.insertedAt.toISOString(),
  };
}

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
): Promise<ChannelView> {
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
    // The pasted refresh token is spent at once for a pair whose expiry is known.
    const tokens = await platform(() => refreshZaloTokens(input));
    const { type: _, access_token: _pasted, ...app } = input;
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
