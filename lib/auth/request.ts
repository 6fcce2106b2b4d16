import "server-only";
import { ApiError } from "@/lib/http/errors";
import { db } from "@/lib/server/runtime";
import { readCookie } from "./cookies";
import { authenticate, type User } from "./sessions";

/**
 * Who is calling: `Authorization: Bearer <access token>` (API clients) or the access_token cookie
 * (the browser). Only access tokens authenticate requests; renewal tokens only renew.
 */
export function bearer(req: Request): string | undefined {
  const h = req.headers.get("authorization");
  const m = h?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

export function accessTokenOf(req: Request): string | undefined {
  return bearer(req) ?? readCookie(req, "access_token");
}

export async function currentUser(req: Request): Promise<{ user: User; sessionId: string } | null> {
  const token = accessTokenOf(req);
  if (!token || token.length > 200) return null;
  return authenticate(await db(), token);
}

/** The signed-in user, or 401 `unauthorized` (which the client answers by renewing once). */
export async function requireUser(req: Request): Promise<{ user: User; sessionId: string }> {
  const found = await currentUser(req);
  if (!found) throw new ApiError("unauthorized");
  return found;
}
