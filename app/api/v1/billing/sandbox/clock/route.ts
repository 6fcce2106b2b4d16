import { billingCall } from "@/lib/billing/api-errors";
import { sandboxAdvanceClock, sandboxOnly } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** Sandbox only: the owner's test clock, so renewals, failed charges, retries and expiry can be seen now. */
export const POST = route(contracts.sandboxClock, async ({ req, user, body }) => {
  const { db, providers } = await liveBilling();
  sandboxOnly(providers, new URL(req.url).pathname);
  const { at } = await body();
  return ok(await billingCall(() => sandboxAdvanceClock(db, providers, user.id, new Date(at))));
});
