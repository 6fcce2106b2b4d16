import { contracts } from "@/lib/contracts";
import { receiveChannelDelivery } from "@/lib/server/channels";
import { route } from "@/lib/server/route";

/** Zalo OA's events (lib/channels/receive.ts): checked by signature, text messages answered by a job. */
export const POST = route(contracts.zaloWebhook, async ({ ok, req, params }) =>
  ok(await receiveChannelDelivery("zalo", params.channelId, req)),
);
