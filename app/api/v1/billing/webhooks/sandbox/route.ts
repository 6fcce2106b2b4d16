import { sandboxOnly } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { receiveWebhook } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** The sandbox provider's signed events (lib/billing/webhook.ts); 404 under another provider. */
export const POST = route(contracts.sandboxWebhook, async ({ req }) =>
  ok(await receiveWebhook(req, sandboxOnly)),
);
