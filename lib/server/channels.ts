import "server-only";
import { queueReply } from "@/lib/channels/jobs";
import { receiveDelivery } from "@/lib/channels/receive";
import type { ChannelType } from "@/lib/contracts/channels";
import { runtime } from "./runtime";

/** A platform's delivery, wired to this process's database and job queue. */
export async function receiveChannelDelivery(type: ChannelType, publicId: string, req: Request) {
  const rt = await runtime();
  return receiveDelivery(rt.database.db, (job) => queueReply(rt.jobs.boss, job), type, publicId, req);
}
