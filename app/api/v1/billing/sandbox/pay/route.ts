import { billingAccountOf } from "@/lib/auth/billing-account";
import { sandboxPay } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** The sandbox checkout page's "Pay" (BILL-3): a test card, or a bank transfer that waits for its funds. */
export const POST = route(contracts.sandboxPay, async ({ req, user, db, body }) => {
  const { token, ...input } = await body();
  const step = { path: new URL(req.url).pathname, ownerId: await billingAccountOf(db, req, user.id), token };
  const payment = await sandboxPay(await liveBilling(), step, input);
  return ok({ status: payment.status, failure_code: payment.failureCode });
});
