import { z } from "zod";
import { defineRoute } from "./contract";
import { locale } from "./fields";

/** Signing in (AUTH-1, AUTH-2): by a mailed code, or with an external provider. */

/** Digits in a sign-in code. */
export const OTP_CODE_LENGTH = 6;

/** Both sign-in by code bodies are tiny: anything near this is abuse. */
export const OTP_BODY_LIMIT = 4 * 1024;

/** Stored and compared in one spelling, so "An@Example.com " and "an@example.com" are one address. */
export const otpEmail = z.string().trim().toLowerCase().normalize("NFC").max(254).pipe(z.email());

const codePattern = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);

/** People paste codes with spaces ("123 456"); anything but the digits is a field error, not a try. */
export const otpCode = z
  .string()
  .max(64)
  .transform((s) => s.replace(/\s+/g, ""))
  .refine((s) => codePattern.test(s), { message: "fields.otp_code" });

// A malformed referral code is dropped (cleanReferral), never a reason to refuse the sign-in.
const referralCode = z.string().max(500).optional().catch(undefined).describe("the inviting user's code");

/** The account as the client keeps it after sign-in. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  time_zone: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What every sign-in and renewal answers (also set as HttpOnly cookies for the browser). */
export const tokensSchema = z.object({
  access_token: z.string(),
  renewal_token: z.string().describe("only renews; POST /api/v1/user/session/renew"),
  token_type: z.literal("Bearer"),
  expires_in: z.number().describe("seconds the access token lives"),
  user: publicUserSchema.optional().describe("on sign-in, not on renewal"),
});
export type Tokens = z.infer<typeof tokensSchema>;

const providerParams = z.object({ provider: z.string().describe("google, github, … (enabled ones only)") });

export const authContracts = {
  otpSettings: defineRoute({
    method: "GET",
    path: "/api/v1/auth/otp/new",
    auth: "none",
    summary: "How sign-in codes travel and their shape.",
    data: z.object({
      enabled: z.literal(true).describe("kept for clients written when codes could be off"),
      delivery: z.enum(["smtp", "console"]).describe("`console` prints the code in the server log"),
      code_length: z.number(),
      expires_in: z.number().describe("seconds a code lives"),
    }),
  }),
  sendOtp: defineRoute({
    method: "POST",
    path: "/oauth2/otp",
    auth: "none",
    summary:
      "Mails a sign-in code, bound to this browser by the otp_request cookie; the same answer whether or not the address has an account.",
    body: z.object({
      email: otpEmail,
      locale: locale.optional().describe("the mail's language"),
      referral_code: referralCode,
    }),
    bodyLimit: OTP_BODY_LIMIT,
    data: z.object({ request_id: z.string(), expires_in: z.number() }),
  }),
  verifyOtp: defineRoute({
    method: "POST",
    path: "/oauth2/otp/verify",
    auth: "none",
    summary: "Trades a mailed code for a session; only the browser that asked for the code can use it.",
    body: z.object({ email: otpEmail, code: otpCode }),
    bodyLimit: OTP_BODY_LIMIT,
    data: tokensSchema,
  }),
  startOAuth: defineRoute({
    method: "GET",
    path: "/api/v1/auth/:provider/new",
    auth: "none",
    summary:
      "Starts a sign-in with an external provider: a redirect for a followed link, {url} for a script asking for JSON.",
    params: providerParams,
    query: z.object({ "referral-code": referralCode }),
    data: z.object({ url: z.string().describe("the provider's authorization URL") }),
    responds: "json-or-redirect",
  }),
  finishOAuth: defineRoute({
    method: "POST",
    path: "/api/v1/auth/:provider/callback",
    auth: "none",
    summary: "The callback page posts what the provider sent back; answers the token pair.",
    params: providerParams,
    body: z.object({
      code: z.string().min(1).max(4096),
      state: z.string().min(1).max(512),
      iss: z.string().max(2048).optional(),
    }),
    data: tokensSchema,
  }),
  oauthEntry: defineRoute({
    method: "GET",
    path: "/oauth2/auth",
    auth: "none",
    summary: "The spec's entry point: a provider's sign-in, or the sign-in card on the home page.",
    query: z.object({
      provider: z.string().max(40).optional().catch(undefined),
      "referral-code": referralCode,
    }),
    responds: "redirect",
  }),
};
/** The account as the client keeps it after sign-in: what sign-in answers as `user`. */
export type AccountSnapshot = PublicUser;

/**
 * What a page render knows about its visitor (AUTH-6). `renewable` means the access token is missing or
 * expired but a renewal token is present: the browser renews (cookies can only be rotated by a request,
 * never by a render) and loads the account before deciding.
 */
export type PageSession =
  | { state: "signed-in"; account: AccountSnapshot }
  | { state: "renewable" }
  | { state: "signed-out" };
