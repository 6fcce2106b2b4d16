import "server-only";
import type { PgBoss } from "pg-boss";
import type { JobQueue } from "@/lib/jobs/workers";
import { forgetOldEvents } from "./queries";
import type { ReplyJob } from "./receive";
import { replyToMessage } from "./reply";

export const REPLY_QUEUE = "channels.reply";

/** One job per platform message id (the webhook dedupes first; the singleton key guards a double send). */
export async function queueReply(boss: PgBoss, job: ReplyJob): Promise<void> {
  await boss.send(REPLY_QUEUE, job, { singletonKey: `${job.channelId}:${job.message.messageId}` });
}

/**
 * A throw (the database away, the model failing unexpectedly) runs the job again; a platform refusing the
 * reply does not: the answer was already made once.
 */
export const channelQueues: ReadonlyArray<JobQueue> = [
  {
    name: REPLY_QUEUE,
    // A message wakes the workers at once (lib/jobs/boss.ts listens): the person is waiting on their phone.
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300, notify: true },
    work: { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1, localConcurrency: 4 },
    handler: async (database, data) => replyToMessage(database.db, data as ReplyJob),
  },
  {
    // The dedupe table keeps a week of event ids: far past any platform's redelivery.
    name: "channels.forget-events",
    cron: "17 3 * * *",
    handler: async (database) => ({ forgotten: await forgetOldEvents(database.db, 7) }),
  },
];
