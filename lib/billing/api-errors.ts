import "server-only";
import { ApiError, type ErrorCode } from "@/lib/http/errors";
import { BillingError, type BillingErrorCode } from "./errors";
import { EventVerificationError } from "./providers/types";

/**
 * How each billing refusal reaches a caller (spec §8): its HTTP/GraphQL code, and its text under
 * `errors.billing.{code}` in the caller's language. A record, so a new code without a status fails to compile
 * and tests/unit/billing-api-errors.test.ts finds a code without a text.
 */
export const billingErrorStatus: Readonly<Record<BillingErrorCode, ErrorCode>> = Object.freeze({
  already_subscribed: "conflict",
  payment_in_progress: "conflict",
  not_verifying: "conflict",
  not_renewing: "conflict",
  not_due: "conflict",
  not_active: "conflict",
  payment_failed: "conflict",
  already_canceling: "conflict",
  not_canceling: "conflict",
  period_ended: "conflict",
  canceling: "conflict",
  same_plan: "conflict",
  contact_sales: "bad_request",
  not_for_sale: "bad_request",
  use_cancel: "bad_request",
  upgrade_keeps_cycle: "bad_request",
  invalid_plan: "bad_request",
  no_payment_method: "conflict",
  change_in_progress: "conflict",
  token_not_found: "not_found",
  token_expired: "conflict",
  token_used: "conflict",
  invalid_number: "validation_failed",
  invalid_cvc: "validation_failed",
  expired_card: "validation_failed",
  not_payable: "conflict",
  clock_range: "bad_request",
  currency_unavailable: "conflict",
  payments_not_set_up: "conflict",
  unknown: "internal_error",
});

/** Refusals the API layer adds on top of the domain's (same texts namespace). */
export const apiOnlyCodes = [
  "method_not_found",
  "last_card",
  "card_declined",
  "signature_invalid",
  "sandbox_only",
  "card_setup_unavailable",
] as const;
export type ApiOnlyCode = (typeof apiOnlyCodes)[number];

export function billingApiError(code: BillingErrorCode | ApiOnlyCode, status?: ErrorCode): ApiError {
  const s =
    status ?? (code in billingErrorStatus ? billingErrorStatus[code as BillingErrorCode] : "conflict");
  return new ApiError(s, `billing.${code}`);
}

/** Turns the domain's refusals into ApiErrors; anything else is left to the caller's error handling. */
export function asApiError(err: unknown): unknown {
  if (err instanceof BillingError) return billingApiError(err.code);
  if (err instanceof EventVerificationError) return billingApiError("signature_invalid", "bad_request");
  return err;
}

/** Runs a billing operation, answering its refusals as translated API errors. */
export async function billingCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw asApiError(err);
  }
}
