import "server-only";
/** Lifetimes and limits of sign-in (spec §9 for the cookie lifetimes). */
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
/** A session family unused for this long can no longer be renewed. */
export const SESSION_IDLE_DAYS = 365;
export const ACCESS_COOKIE_MAX_AGE = 365 * 24 * 3600;
export const RENEWAL_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;
/** Payment token cookie (BILL-3); cleared on logout. */
export const PAYMENT_COOKIE_MAX_AGE = 15 * 60;
export const OAUTH_FLOW_TTL_SECONDS = 10 * 60;
/**
 * A renewal token rotated this recently and presented again is a race (two tabs renewing at once, which
 * share one cookie jar), not theft: refused without ending the family. Later than this, reuse is theft.
 */
export const RENEWAL_RACE_GRACE_SECONDS = 10;
