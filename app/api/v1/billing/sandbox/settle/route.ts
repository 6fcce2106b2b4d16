import { billingCall } from "@/lib/billing/api-errors";
import { sandboxOnly, sandboxSettle } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** Sandbox only: the bank transfer's funds arrive (BILL-4's "verifying → active"). */
export const POST = route(contracts.sandboxSettle, async ({ req, user, body }) => {
  const { db, providers } = await liveBilling();
  const sandbox = sandboxOnly(providers, new URL(req.url).pathname);
  const { token } = await body();
  const payment = await billingCall(() => sandboxSettle(db, sandbox, user.id, token));
  return ok({ status: payment.status, failure_code: payment.failureCode });
});
