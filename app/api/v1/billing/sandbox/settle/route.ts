import { billingAccountOf } from "@/lib/auth/billing-account";
import { sandboxSettle } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { liveBilling } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** Sandbox only: the bank transfer's funds arrive (BILL-4's "verifying → active"). */
export const POST = route(contracts.sandboxSettle, async ({ req, user, db, body }) => {
  const { token } = await body();
  const step = { path: new URL(req.url).pathname, ownerId: await billingAccountOf(db, req, user.id), token };
  const payment = await sandboxSettle(await liveBilling(), step);
  return ok({ status: payment.status, failure_code: payment.failureCode });
});
