import "server-only";
import { agentOfOwner } from "@/lib/agents/queries";
import { authenticateKey } from "@/lib/api-keys/api-keys";
import { KEY_PREFIX } from "@/lib/api-keys/secret";
import { config } from "@/lib/config";
import { tagRequestApiKey } from "@/lib/context/request-id";
import type { Db } from "@/lib/db/client";
import { bearer } from "@/lib/http/bearer";
import { ApiError } from "@/lib/http/errors";
import { enforce } from "@/lib/limits/rate-limit";
import { logger } from "@/lib/logger";
import { requireUser } from "./request";
import { visitorOf } from "./visitor";

/**
 * Who is calling an API route, one function per kind a contract names (`auth`): a signed-in user (the
 * session cookie or an access token), an owner with their agent, an owner's API key, a visitor. The route
 * builder (lib/http/route.ts) knows none of them; lib/server/route.ts hands them to it.
 */

const log = logger("api-keys");

/** What RFC 6750 asks of a 401 for a bearer token, so a client knows a key (not a cookie) is wanted. */
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="agentcity", error="invalid_token"' };

export const sessionCaller = (db: Db, req: Request) => requireUser(db, req);
export type SessionCaller = Awaited<ReturnType<typeof sessionCaller>>;

/**
 * The signed-in owner (else 401) and their agent (404 before setup, with `missing` as the detail where a
 * route names what was not found its own way).
 */
export async function ownerAgentCaller(db: Db, req: Request, missing = "agent_not_found") {
  const { user, sessionId } = await sessionCaller(db, req);
  const agent = await agentOfOwner(db, user.id);
  if (!agent) throw new ApiError("not_found", missing);
  return { user, sessionId, agent };
}
export type OwnerAgentCaller = Awaited<ReturnType<typeof ownerAgentCaller>>;

/** The signed visitor cookie's id; null for a browser that has none (yet). */
export const visitorCaller = (req: Request) => ({ visitor: visitorOf(req) });

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
 * A route that allows keys: the same owner and agent a session gives, and the key when the request came
 * with one (its uuid marks the conversations it starts, its public id the logs), null with the session.
 */
export type KeyOrOwnerCaller = Omit<OwnerAgentCaller, "sessionId"> & {
  sessionId: string | null;
  apiKey: { id: string; publicId: string } | null;
};

/**
 * An owner's API key: unknown or revoked is a 401; then the key's own per-minute limit, counted before any
 * work is done.
 */
export async function apiKeyCaller(db: Db, req: Request): Promise<KeyOrOwnerCaller> {
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
  return { user: found.user, sessionId: null, agent: found.agent, apiKey: found.apiKey };
}
