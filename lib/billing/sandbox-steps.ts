import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { paymentTokens } from "@/lib/db/schema";
import { billingCall } from "./api-errors";
import { hashToken, payWithSandbox } from "./checkout";
import { BillingError } from "./errors";
import { isSandbox, onlyProvider, type Providers } from "./providers";
import type { PayInput, SandboxProvider } from "./providers/sandbox";
import type { ProviderPayment } from "./providers/types";
import { runBilling } from "./renewals";

/**
 * The sandbox checkout page's steps as the REST routes take them (tests and demos use them too): only for the
 * sandbox (a 404 for any other provider, as if the routes did not exist) and only on the caller's own
 * checkout (another owner's token is not found). The outcome reaches the subscription by the sandbox's event.
 */

export function sandboxOnly(providers: Providers, path: string): SandboxProvider {
  return onlyProvider(providers, isSandbox, "sandbox", path);
}

/** This process's billing: its database and its providers (lib/server/billing.ts). */
type Billing = { db: Db; providers: Providers };
/** Who asks, at which path (a non-sandbox deployment answers 404 there), about which checkout. */
type Step = { path: string; ownerId: string; token: string };

async function ownToken(db: Db, ownerId: string, token: string) {
  const [row] = await db
    .select()
    .from(paymentTokens)
    .where(and(eq(paymentTokens.tokenHash, hashToken(token)), eq(paymentTokens.ownerId, ownerId)));
  if (!row) throw new BillingError("token_not_found");
  return row;
}

/** "Pay": a test card, or a bank transfer that waits for its funds. */
export function sandboxPay(
  { db, providers }: Billing,
  step: Step,
  input: PayInput,
): Promise<ProviderPayment> {
  return billingCall(() =>
    payWithSandbox(db, sandboxOnly(providers, step.path), step.token, input, { ownerId: step.ownerId }),
  );
}

/** The bank transfer's funds arrive; a payment that is not waiting for funds is answered as it stands. */
export function sandboxSettle({ db, providers }: Billing, step: Step): Promise<ProviderPayment> {
  return billingCall(async () => {
    const sandbox = sandboxOnly(providers, step.path);
    const row = await ownToken(db, step.ownerId, step.token);
    if (!row.providerRef) throw new BillingError("not_payable");
    const payment = await sandbox.settle(row.providerRef);
    if (!payment) throw new BillingError("token_not_found");
    return payment;
  });
}

/** How far the test clock may run ahead: two yearly periods, enough for a renewal, its retries and expiry. */
const CLOCK_MAX_AHEAD_MS = 2 * 366 * 24 * 60 * 60 * 1000;

/**
 * The sandbox's test clock (like Stripe's test clocks): runs the billing cron for the caller's subscription
 * only, as if it were `at`, so a demo or a test sees a renewal, its failed charge, the retries and the expiry
 * without waiting days. Only forward, and never for another owner.
 */
export function sandboxAdvanceClock(
  { db, providers }: Billing,
  step: Omit<Step, "token">,
  at: Date,
  now: Date = new Date(),
) {
  return billingCall(async () => {
    sandboxOnly(providers, step.path);
    if (at.getTime() < now.getTime() || at.getTime() > now.getTime() + CLOCK_MAX_AHEAD_MS) {
      throw new BillingError("clock_range");
    }
    return runBilling(db, providers, at, step.ownerId);
  });
}
