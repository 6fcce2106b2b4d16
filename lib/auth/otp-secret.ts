import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_CODE_LENGTH } from "./otp-policy";
import { hashSecret, randomToken } from "./tokens";

/**
 * The secrets of one code request. The code is stored only as an HMAC keyed by the request secret, and the
 * request secret only as its sha256: a leaked otp_codes table cannot be brute forced offline (10^6 codes
 * are nothing to try, but the 256-bit key is not in the table).
 */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, "0");
}

export function newRequestSecret(): string {
  return randomToken("otp");
}

/** What a request secret looks like; anything else from a cookie or body never reaches a query. */
export const REQUEST_SECRET_PATTERN = /^otp_[A-Za-z0-9_-]{43}$/;

export function requestHash(requestSecret: string): string {
  return hashSecret(requestSecret);
}

/** Binds the code to the address too, so a row moved to another e-mail would not verify. */
export function codeHash(requestSecret: string, email: string, code: string): string {
  return createHmac("sha256", requestSecret).update(`${email}\n${code}`).digest("base64url");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
