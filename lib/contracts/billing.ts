import { z } from "zod";
import { defineRoute } from "./contract";
import { line } from "./fields";

/**
 * Billing's REST routes (BILL-3, BILL-4): the providers' webhooks and the sandbox provider's own pay and
 * settle steps. Everything an owner does with their plan is on the GraphQL API (lib/graphql/billing-schema.ts);
 * the input shapes here are shared with it and with the browser's forms.
 */

/** A test card for the sandbox (docs/billing.md lists what each number does). */
export const cardInput = z.object({
  card_number: z
    .string()
    .max(32)
    .regex(/^[\d\s-]+$/, "invalid"),
  exp_month: z.coerce.number().int().min(1).max(12),
  exp_year: z.coerce.number().int().min(0).max(9999),
  cvc: z.string().regex(/^\d{3,4}$/, "invalid"),
});
export type CardInput = z.infer<typeof cardInput>;

export const paymentTokenBody = z.object({ token: z.string().min(1).max(200) });

export const sandboxPayBody = z.union([
  paymentTokenBody.extend({ method: z.literal("bank_transfer") }),
  paymentTokenBody.extend(cardInput.shape),
]);

/** The provider's view of a checkout payment right after the step (the subscription follows by event). */
export const sandboxPaymentSchema = z.object({
  status: z.enum(["pending", "verifying", "succeeded", "failed", "expired"]),
  failure_code: z.string().nullable().describe("card_declined, …"),
});

export const sandboxClockBody = z.object({ at: z.iso.datetime({ offset: true }) });

export const salesEnquiryInput = z.object({
  name: line(200).pipe(z.string().min(1)),
  email: z.email().max(320),
  company: line(200).optional().default(""),
  message: z.string().trim().min(1).max(5000),
});
export type SalesEnquiryInput = z.input<typeof salesEnquiryInput>;

/** Webhook bodies are read raw (the signature covers the exact bytes) and never larger than this. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const billingContracts = {
  sandboxWebhook: defineRoute({
    method: "POST",
    path: "/api/v1/billing/webhooks/sandbox",
    auth: "none",
    // Server to server: authenticated by the HMAC signature over the raw body, carries no cookie.
    origin: "any",
    summary: "The sandbox provider's signed events: verified, stored once per event id, processed by a job.",
    bodyLimit: WEBHOOK_BODY_LIMIT,
    data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
  stripeWebhook: defineRoute({
    method: "POST",
    path: "/api/v1/billing/webhooks/stripe",
    auth: "none",
    // Server to server: authenticated by Stripe's signature (stripe-signature) over the raw body.
    origin: "any",
    summary:
      "Stripe's signed events (when Stripe is configured, else 404): verified, stored once per event id, processed by a job.",
    bodyLimit: WEBHOOK_BODY_LIMIT,
    data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
  payosWebhook: defineRoute({
    method: "POST",
    path: "/api/v1/billing/webhooks/payos",
    auth: "none",
    // Server to server: authenticated by payOS's HMAC signature over the sorted `data` of the body.
    origin: "any",
    summary:
      "payOS's signed transfer events (when payOS is configured, else 404): verified, stored once per link and transfer reference, processed by a job.",
    bodyLimit: WEBHOOK_BODY_LIMIT,
    data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
  sandboxPay: defineRoute({
    method: "POST",
    path: "/api/v1/billing/sandbox/pay",
    auth: "user",
    summary: "Sandbox only: pays the owner's checkout with a test card, or starts a bank transfer.",
    body: sandboxPayBody,
    data: sandboxPaymentSchema,
  }),
  sandboxSettle: defineRoute({
    method: "POST",
    path: "/api/v1/billing/sandbox/settle",
    auth: "user",
    summary: "Sandbox only: the funds of the owner's bank transfer arrive.",
    body: paymentTokenBody,
    data: sandboxPaymentSchema,
  }),
  sandboxClock: defineRoute({
    method: "POST",
    path: "/api/v1/billing/sandbox/clock",
    auth: "user",
    summary:
      "Sandbox only: runs renewals, retries and expiry for the owner's own subscription as if it were `at` (a test clock).",
    body: sandboxClockBody,
    data: z.object({
      upcoming: z.number().int().describe("upcoming invoices prepared"),
      transfers: z
        .number()
        .int()
        .describe("renewal invoices that got a bank-transfer link (payOS; owners without a saved card)"),
      renewed: z.number().int().describe("periods that ended and were charged or closed"),
      retried: z.number().int().describe("failed renewals charged again"),
    }),
  }),
};
