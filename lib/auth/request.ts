import "server-only";
import type { Db } from "@/lib/db/client";
import { bearer } from "@/lib/http/bearer";
import { ApiError } from "@/lib/http/errors";
import { readCookie } from "./cookies";
import { authenticate, type User } from "./sessions";

/**
 * Who is calling: `Authorization: Bearer <access token>` (API clients) or the access_token cookie
 * (the browser). Only access tokens authenticate requests; renewal tokens only renew.
 */
export function accessTokenOf(req: Request): string | undefined {
  return bearer(req) ?? readCookie(req, "access_token");
}

export async function currentUser(db: Db, req: Request): Promise<{ user: User; sessionId: string } | null> {
  const token = accessTokenOf(req);
  if (!token || token.length > 200) return null;
  return authenticate(db, token);
}

/** The signed-in user, or 401 `unauthorized` (which the client answers by renewing once). */
export async function requireUser(db: Db, req: Request): Promise<{ user: User; sessionId: string }> {
  const found = await currentUser(db, req);
  if (!found) throw new ApiError("unauthorized");
  return found;
}
