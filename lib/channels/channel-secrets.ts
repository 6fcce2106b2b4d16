import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { channels } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { ChannelSendError } from "./platform-http";
import type { ChannelRow } from "./queries";
import { recordRefusal } from "./reconnect";
import { open, seal } from "./secret-box";
import { refreshZaloTokens } from "./zalo";

/**
 * A channel's secrets, ready to send with. Zalo's access token lasts about 25 h and its refresh token is
 * single-use: it is refreshed ahead of expiry under the channel's row lock, so of two instances (or two
 * jobs) only the first refreshes and the other reads the new pair. A refused refresh token turns the
 * channel to "needs reconnect" and tells the owner (lib/channels/reconnect.ts).
 */

const log = logger("channels");
const REFRESH_AHEAD_MS = 5 * 60 * 1000;

export async function currentSecrets(db: Db, channel: ChannelRow): Promise<Record<string, string> | null> {
  const secrets = open(channel.secrets);
  if (!secrets || channel.type !== "zalo" || !dueForRefresh(secrets)) return secrets;
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(channels).where(eq(channels.id, channel.id)).for("update");
      const now = locked ? open(locked.secrets) : null;
      if (!now || !dueForRefresh(now)) return now;
      const fresh = { ...now, ...(await refreshZaloTokens(now as Parameters<typeof refreshZaloTokens>[0])) };
      await tx
        .update(channels)
        .set({ secrets: seal(fresh) })
        .where(eq(channels.id, channel.id));
      return fresh;
    });
  } catch (err) {
    if (!(err instanceof ChannelSendError)) throw err;
    log.warn(`zalo refresh on ${channel.publicId} failed: ${err.message}`);
    await recordRefusal(db, channel, err);
    return null;
  }
}

function dueForRefresh(secrets: Record<string, string>): boolean {
  return Number(secrets.expires_at ?? 0) - Date.now() < REFRESH_AHEAD_MS;
}
