import { contracts } from "@/lib/contracts";
import { receiveChannelDelivery } from "@/lib/server/channels";
import { route } from "@/lib/server/route";

/** Telegram's updates (lib/channels/receive.ts): checked by secret token, answered by a job. */
export const POST = route(contracts.telegramWebhook, async ({ ok, req, params }) =>
  ok(await receiveChannelDelivery("telegram", params.channelId, req)),
);
