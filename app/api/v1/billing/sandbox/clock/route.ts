import { billingAccountOf } from "@/lib/auth/billing-account";
import { sandboxAdvanceClock } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** Sandbox only: the owner's test clock, so renewals, failed charges, retries and expiry can be seen now. */
export const POST = route(contracts.sandboxClock, async ({ req, user, db, body }) => {
  const { at } = await body();
  const step = { path: new URL(req.url).pathname, ownerId: await billingAccountOf(db, req, user.id) };
  return ok(await sandboxAdvanceClock(await liveBilling(), step, new Date(at)));
});
