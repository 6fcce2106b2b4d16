import { billingCall } from "@/lib/billing/api-errors";
import { sandboxOnly, sandboxPay } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** The sandbox checkout page's "Pay" (BILL-3): a test card, or a bank transfer that waits for its funds. */
export const POST = route(contracts.sandboxPay, async ({ req, user, body }) => {
  const { db, providers } = await liveBilling();
  const sandbox = sandboxOnly(providers, new URL(req.url).pathname);
  const { token, ...input } = await body();
  const payment = await billingCall(() =>
    sandboxPay(db, sandbox, user.id, token, "method" in input ? { method: "bank_transfer" } : input),
  );
  return ok({ status: payment.status, failure_code: payment.failureCode });
});
