import { requireUser } from "@/lib/auth/request";
import { clearSessionCookies } from "@/lib/auth/respond";
import { listActiveSessions, revokeAllSessions } from "@/lib/auth/sessions";
import { handle, ok } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** The signed-in user's active sessions, this one marked `current`. */
export const GET = handle(async (req) => {
  const { user, sessionId } = await requireUser(req);
  const list = await listActiveSessions(await db(), user.id);
  return ok(
    list.map((s) => ({
      id: s.id,
      method: s.method,
      user_agent: s.userAgent,
      ip: s.ip,
      inserted_at: s.insertedAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      current: s.id === sessionId,
    })),
  );
});

/** "Sign out everywhere": ends every session of the user, this one included. */
export const DELETE = handle(async (req) => {
  const { user } = await requireUser(req);
  const ended = await revokeAllSessions(await db(), user.id);
  return ok({ ended }, { headers: clearSessionCookies(new Headers()) });
});
