import "server-only";
import { sql } from "drizzle-orm";
import { agentById } from "@/lib/agents/queries";
import { ownerLocale } from "@/lib/chat/allowance-warnings";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { logger } from "@/lib/logger";
import { channelReconnectMail } from "@/lib/mail/channel-mail";
import { sendMail } from "@/lib/mail/transport";
import type { ChannelSendError } from "./platform-http";
import { type ChannelRow, markReplied } from "./queries";

const log = logger("channels");

const platformNames = { telegram: "Telegram", messenger: "Messenger", zalo: "Zalo" } as const;

/**
 * A reply or token refresh the platform refused, recorded on the channel. When this refusal is the one
 * that turns the channel to "needs reconnect" (a Zalo refresh token spent or expired, a bot token revoked),
 * the agent's owner is e-mailed once, in their language; later refusals find the state already set.
 */
export async function recordRefusal(db: Db, channel: ChannelRow, err: ChannelSendError): Promise<void> {
  const turned = await markReplied(db, channel.id, err.message, err.unauthorized);
  if (turned) await mailOwner(db, channel, err.message);
}

async function mailOwner(db: Db, channel: ChannelRow, reason: string): Promise<void> {
  if (!config().SMTP_URL) return;
  const agent = await agentById(db, channel.agentId);
  if (!agent) return;
  const owner = rowsOf<{ email: string | null }>(
    await db.execute(sql`SELECT email FROM users WHERE id = ${agent.ownerId} AND email_verified`),
  )[0];
  if (!owner?.email) return;
  const locale = ownerLocale(agent);
  const c = config();
  await sendMail(
    channelReconnectMail({
      to: owner.email,
      locale,
      appName: c.APP_NAME,
      agentName: agent.name,
      platform: platformNames[channel.type],
      reason,
      channelsUrl: `${c.APP_URL}/${locale}/setup/channels`,
    }),
  ).catch((err) => log.error(`reconnect notice to the owner of ${agent.publicId}:`, err));
}
