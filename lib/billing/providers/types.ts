import "server-only";
import type { Currency, Cycle } from "../money";
import type { PlanId } from "../plan-limits";

/**
 * What a payment provider does for billing (BILL-3). The built-in sandbox implements it in-process; Stripe
 * and a Vietnamese gateway implement the same interface. The provider's own state is the source of truth:
 * events only say that something changed and whom it is about; the product then reads the payment or
 * method from the provider and converges on what it says.
 */

export type ProviderPaymentStatus = "pending" | "verifying" | "succeeded" | "failed" | "expired";

export type ProviderPayment = {
  ref: string;
  /** the owner the payment belongs to (the id the product gave as customer) */
  customer: string;
  status: ProviderPaymentStatus;
  amount: number;
  /** what is still owed on a partly paid transfer (payOS's UNDERPAID); absent for cards */
  amountDue?: number;
  currency: Currency;
  /** the saved card that paid, when a card did */
  methodRef: string | null;
  /** "card" | "bank_transfer" once chosen */
  methodKind: string | null;
  /** why it failed, a stable code (card_declined, expired_card, …) */
  failureCode: string | null;
  /** when the funds were confirmed */
  settledAt: Date | null;
};

export type ProviderMethod = {
  ref: string;
  customer: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
};

export type CheckoutRequest = {
  ownerId: string;
  plan: PlanId;
  cycle: Cycle;
  currency: Currency;
  amount: number;
  /** the product's checkout token: the sandbox's page is addressed by it; real providers return to it */
  token: string;
  locale: string;
  /** where to come back to when the checkout ends */
  returnUrl: string;
};

export type Checkout = { ref: string; url: string };

export type ChargeRequest = {
  ownerId: string;
  methodRef: string;
  amount: number;
  currency: Currency;
  description: string;
  /** the same key charges once, whatever the number of calls: a retried job never charges twice */
  idempotencyKey: string;
};

/**
 * A verified event, reduced to what it is about: a payment to converge, an owner's cards to mirror, or
 * nothing the product acts on (`none`: stored like any event, processing is a no-op).
 */
export type NormalizedEvent = {
  id: string;
  type: string;
  subject: { kind: "payment" | "method" | "none"; ref: string };
  customer: string | null;
  payload: Record<string, unknown>;
};

export class EventVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EventVerificationError";
  }
}

export interface PaymentProvider {
  /** "sandbox", "stripe", …: stored with every row the provider's refs appear in */
  readonly id: string;
  /** true for the sandbox: screens say "Test mode" */
  readonly testMode: boolean;
  /**
   * `card`: keeps saved cards and charges them off-session (renewals, upgrades); `transfer`: each payment
   * is a link the owner pays from a bank app, renewals included (payOS).
   */
  readonly collects: "card" | "transfer";
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  /** ends a checkout that was superseded so it can no longer be paid */
  expireCheckout(ref: string): Promise<void>;
  getPayment(ref: string): Promise<ProviderPayment | null>;
  chargeMethod(req: ChargeRequest): Promise<ProviderPayment>;
  listMethods(customer: string): Promise<ProviderMethod[]>;
  getMethod(ref: string): Promise<ProviderMethod | null>;
  detachMethod(customer: string, ref: string): Promise<void>;
  setDefaultMethod(customer: string, ref: string): Promise<void>;
  /**
   * Checks an event's signature over its raw body and returns it normalised; throws EventVerificationError
   * when it is forged, malformed or too old. May be async: a real provider maps its customer back to the
   * owner (a database read) after the signature holds.
   */
  verifyEvent(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): NormalizedEvent | Promise<NormalizedEvent>;
}
