import { isPayos, onlyProvider } from "@/lib/billing/providers";
import { receiveWebhook } from "@/lib/billing/webhook";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

/** payOS's signed transfer events (lib/billing/webhook.ts); 404 when payOS is not configured. */
export const POST = route(contracts.payosWebhook, async ({ req }) =>
  ok(await receiveWebhook(req, (providers, path) => onlyProvider(providers, isPayos, "payos", path))),
);
