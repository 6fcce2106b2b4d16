import { sandboxOnly } from "@/lib/billing/sandbox-steps";
import { receiveWebhook } from "@/lib/billing/webhook";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

/** The sandbox provider's signed events (lib/billing/webhook.ts); 404 under another provider. */
export const POST = route(contracts.sandboxWebhook, async ({ req }) =>
  ok(await receiveWebhook(req, sandboxOnly)),
);
