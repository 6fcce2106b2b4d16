import { verifyMessengerSubscription } from "@/lib/channels/receive";
import { contracts } from "@/lib/contracts";
import { receiveChannelDelivery } from "@/lib/server/channels";
import { route } from "@/lib/server/route";

/** Facebook's subscription handshake: the bare challenge, as text. */
export const GET = route(contracts.messengerVerify, async ({ req, db, params }) => {
  const challenge = await verifyMessengerSubscription(db, params.channelId, new URL(req.url));
  return new Response(challenge, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
});

/** Messenger's deliveries (lib/channels/receive.ts): checked by signature, answered by a job. */
export const POST = route(contracts.messengerWebhook, async ({ ok, req, params }) =>
  ok(await receiveChannelDelivery("messenger", params.channelId, req)),
);
