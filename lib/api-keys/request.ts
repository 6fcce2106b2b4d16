import "server-only";
import { bearer } from "@/lib/auth/request";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/http/errors";
import { tagRequestApiKey } from "@/lib/http/request-id";
import { enforce } from "@/lib/limits/rate-limit";
import { logger } from "@/lib/logger";
import { db as database } from "@/lib/server/runtime";
import { authenticateKey } from "./api-keys";
import { KEY_PREFIX } from "./secret";

const log = logger("api-keys");

/** What RFC 6750 asks of a 401 for a bearer token, so a client knows a key (not a cookie) is wanted. */
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="agentcity", error="invalid_token"' };

/**
 * The request says it is an owner API key (`Authorization: Bearer ac_live_…`). Only the prefix is looked
 * at: whether the key is any good is authenticateKey's, and a malformed one is a 401 there.
 */
export function carriesApiKey(req: Request): boolean {
  return bearer(req)?.startsWith(KEY_PREFIX) ?? false;
}

/** A key on a route its contract keeps for the owner's session (keys, billing, profile, settings). */
export function keyNotAllowed(): ApiError {
  return new ApiError("unauthorized", "api_key_not_allowed", {}, undefined, CHALLENGE);
}

/**
 * The route builder's `owner-agent` caller for a key: the same owner, agent and database as a session
 * gives, no session, and the key (its uuid marks the conversations it starts, its public id the logs).
 * Unknown or revoked is a 401; then the key's own per-minute limit, counted before any work is done.
 */
export async function apiKeyContext(req: Request) {
  const db = await database();
  const found = await authenticateKey(db, bearer(req) ?? "");
  if (!found) throw new ApiError("unauthorized", "api_key_invalid", {}, undefined, CHALLENGE);
  tagRequestApiKey(found.apiKey.publicId);
  log.info(`${req.method} ${new URL(req.url).pathname} with an API key`);
  await enforce(db, [
    {
      key: `api-key:${found.apiKey.id}`,
      max: config().API_KEY_REQUESTS_PER_MINUTE,
      windowSeconds: 60,
      detail: "api_key_rate_limited",
    },
  ]);
  return { user: found.user, sessionId: null, agent: found.agent, db, apiKey: found.apiKey };
}
