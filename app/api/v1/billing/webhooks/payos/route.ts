import { isPayos, onlyProvider } from "@/lib/billing/providers";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { receiveWebhook } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** payOS's signed transfer events (lib/billing/webhook.ts); 404 when payOS is not configured. */
export const POST = route(contracts.payosWebhook, async ({ req }) =>
  ok(await receiveWebhook(req, (providers, path) => onlyProvider(providers, isPayos, "payos", path))),
);
