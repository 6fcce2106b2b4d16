import "server-only";
import { chosenAgent, namedAgentOf } from "@/lib/agents/choice";
import { authenticateKey } from "@/lib/api-keys/api-keys";
import { KEY_PREFIX } from "@/lib/api-keys/secret";
import { config } from "@/lib/config";
import { tagRequestApiKey } from "@/lib/context/request-id";
import type { Db } from "@/lib/db/client";
import { bearer } from "@/lib/http/bearer";
import { ApiError } from "@/lib/http/errors";
import { enforce } from "@/lib/limits/rate-limit";
import { logger } from "@/lib/logger";
import { currentWorkspace } from "@/lib/workspaces/current";
import { type Member, requireRole, type WorkspaceRole } from "@/lib/workspaces/roles";
import { readCookie } from "./cookies";
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
 * The workspace a signed-in person acts in (the browser's choice while still a member, else their first)
 * and the agent they act on there (the request's `agent_id`, else the browser's choice, else the first;
 * null before the workspace has one).
 */
export async function memberAndAgent(db: Db, req: Request, userId: string) {
  const member = await currentWorkspace(db, userId, readCookie(req, "ac_ws"));
  const agent = await chosenAgent(db, member.workspaceId, namedAgentOf(req), readCookie(req, "ac_agent"));
  if (agent === "unknown") throw new ApiError("not_found", "agent_not_found");
  return { member, agent };
}

/**
 * A member of the current workspace with at least `role` (else a translated 403) and the agent they act on
 * (404 before the workspace has one, with `missing` as the detail where a route names it its own way).
 * Reading needs `support`, changing needs `editor` unless a contract says otherwise.
 */
export async function ownerAgentCaller(
  db: Db,
  req: Request,
  options: { missing?: string; role?: WorkspaceRole } = {},
) {
  const { user, sessionId } = await sessionCaller(db, req);
  const { member, agent } = await memberAndAgent(db, req, user.id);
  requireRole(member, options.role ?? (req.method === "GET" ? "support" : "editor"));
  if (!agent) throw new ApiError("not_found", options.missing ?? "agent_not_found");
  return { user, sessionId, agent, member: member as Member };
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
  // A key speaks for its own agent, or another of the same workspace its request names.
  const named = namedAgentOf(req);
  const agent =
    named === null || named === found.agent.publicId
      ? found.agent
      : await chosenAgent(db, found.agent.workspaceId, named, undefined);
  if (!agent || agent === "unknown") throw new ApiError("not_found", "agent_not_found");
  const member: Member = { userId: found.user.id, workspaceId: agent.workspaceId, role: "editor" };
  return { user: found.user, sessionId: null, agent, member, apiKey: found.apiKey };
}
