import "server-only";
import type { RefusalReason } from "./subscription-machine";

/** A billing request refused for a reason the owner can act on; `code` is a key under `errors.billing.*`. */
export type BillingErrorCode =
  | RefusalReason
  | "invalid_plan"
  | "no_payment_method"
  | "change_in_progress"
  | "token_not_found"
  | "token_expired"
  | "token_used"
  | "invalid_number"
  | "invalid_cvc"
  | "expired_card"
  | "not_payable"
  | "clock_range"
  | "currency_unavailable"
  | "payments_not_set_up"
  | "unknown";

export class BillingError extends Error {
  constructor(readonly code: BillingErrorCode) {
    super(`billing: ${code}`);
    this.name = "BillingError";
  }
}
