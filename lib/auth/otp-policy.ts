import "server-only";
import type { Limit } from "@/lib/limits/rate-limit";

/**
 * Numbers of sign-in by e-mail code (AUTH-2), in one place so the tests exhaust exactly these limits.
 * Pure: no config, no database, so tests may import it.
 */
/** The code's length is part of its contract (the sign-in form shows as many boxes). */
export { OTP_CODE_LENGTH } from "@/lib/contracts/auth";
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong tries a code survives; the last one kills it. 5 tries of 10^6 codes: a 1 in 200,000 guess. */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * The otp_request cookie outlives its code a little, so someone who comes back late is told the code
 * expired rather than that this browser never asked for one.
 */
export const OTP_REQUEST_COOKIE_MAX_AGE = OTP_TTL_SECONDS + 5 * 60;

const HOUR = 3600;

/**
 * Sends per address stop one inbox being flooded; sends per network address stop one client spraying
 * mail at many inboxes. The latter is generous because a school, office or mobile carrier puts many
 * people behind one address.
 */
export const OTP_SEND_PER_EMAIL = { max: 5, windowSeconds: HOUR };
export const OTP_SEND_PER_IP = { max: 50, windowSeconds: HOUR };
/**
 * Tries per address bound guessing across several codes (each code already dies after 5 wrong tries);
 * tries per network address bound guessing across many addresses.
 */
export const OTP_VERIFY_PER_EMAIL = { max: 20, windowSeconds: HOUR };
export const OTP_VERIFY_PER_IP = { max: 100, windowSeconds: HOUR };

/** The rate-limit keys; exported so tests can clear the shared per-IP counters after exhausting them. */
export const otpLimitKeys = {
  sendEmail: (email: string) => `otp:send:email:${email}`,
  sendIp: (ipKey: string) => `otp:send:ip:${ipKey}`,
  verifyEmail: (email: string) => `otp:verify:email:${email}`,
  verifyIp: (ipKey: string) => `otp:verify:ip:${ipKey}`,
};

export function sendLimits(email: string, ipKey: string): Limit[] {
  return [
    { key: otpLimitKeys.sendIp(ipKey), scope: "otp-send-ip", ...OTP_SEND_PER_IP },
    { key: otpLimitKeys.sendEmail(email), scope: "otp-send-email", ...OTP_SEND_PER_EMAIL },
  ];
}

export function verifyLimits(email: string, ipKey: string): Limit[] {
  return [
    { key: otpLimitKeys.verifyIp(ipKey), scope: "otp-verify-ip", ...OTP_VERIFY_PER_IP },
    { key: otpLimitKeys.verifyEmail(email), scope: "otp-verify-email", ...OTP_VERIFY_PER_EMAIL },
  ];
}
