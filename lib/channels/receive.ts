import "server-only";
import { CHANNEL_WEBHOOK_BODY_LIMIT, type ChannelType } from "@/lib/contracts/channels";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { readText } from "@/lib/http/respond";
import { logger } from "@/lib/logger";
import type { ChannelMessage } from "./adapter";
import { adapterOf } from "./adapters";
import { messengerChallenge } from "./messenger";
import { channelByPublicId, firstDelivery, markReceived } from "./queries";
import { open } from "./secret-box";

/**
 * A platform's delivery to one channel's webhook. The channel is loaded and the delivery's secret or
 * signature checked before anything is written: a forged one is a 401 that changes nothing. A genuine one
 * is taken in once per platform message id and handed to a job, so the platform has its 200 at once and a
 * slow answer never makes it deliver again.
 */

const log = logger("channels");

export type ReplyJob = { channelId: string; message: ChannelMessage };

export async function receiveDelivery(
  db: Db,
  enqueue: (job: ReplyJob) => Promise<void>,
  type: ChannelType,
  publicId: string,
  req: Request,
): Promise<{ received: true }> {
  const channel = await channelByPublicId(db, publicId);
  const adapter = adapterOf(type);
  if (!channel || channel.type !== type || !adapter) throw new ApiError("not_found", "channel_not_found");
  const rawBody = await readText(req, CHANNEL_WEBHOOK_BODY_LIMIT);
  const secrets = open(channel.secrets);
  const genuine =
    secrets !== null && adapter.verify({ rawBody, headers: req.headers, url: new URL(req.url) }, secrets);
  if (!genuine) throw new ApiError("unauthorized", "channel_signature_invalid");
  // A paused channel's messages (or a Zalo OA's before its authorization is finished) are acknowledged, so
  // the platform stops retrying, and dropped.
  if (channel.state === "paused" || channel.state === "needs_authorization") return { received: true };
  const messages = adapter.messages(rawBody);
  for (const message of messages) {
    if (!(await firstDelivery(db, channel.id, message.messageId))) continue;
    await enqueue({ channelId: channel.id, message });
  }
  if (messages.length > 0) await markReceived(db, channel.id);
  log.debug(`${type} delivery for ${publicId}: ${messages.length} message(s)`);
  return { received: true };
}

/** Messenger's handshake: the challenge for the channel's own verify token; anything else is a 403. */
export async function verifyMessengerSubscription(db: Db, publicId: string, url: URL): Promise<string> {
  const channel = await channelByPublicId(db, publicId);
  if (channel?.type !== "messenger") throw new ApiError("not_found", "channel_not_found");
  const challenge = messengerChallenge(url, channel.verifyToken);
  if (challenge === null) throw new ApiError("forbidden", "channel_verify_token_invalid");
  return challenge;
}
