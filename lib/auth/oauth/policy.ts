import "server-only";
/** Limits of external sign-in (AUTH-1). The flow lifetime itself is OAUTH_FLOW_TTL_SECONDS in ../policy. */

/** Every upstream call (discovery, token, userinfo, profile APIs) gives up after this long. */
export const UPSTREAM_TIMEOUT_SECONDS = 10;

/** Callbacks per address: generous for people retrying, tight for anyone guessing states or codes. */
export const CALLBACK_LIMIT = { max: 30, windowSeconds: 10 * 60 };

/** Flow starts per address: each start writes a row, so an unbounded loop would fill the table. */
export const START_LIMIT = { max: 60, windowSeconds: 10 * 60 };

/** Unused flows are only evidence after this; starting a new flow deletes them. */
export const FLOW_RETENTION_SECONDS = 24 * 3600;
