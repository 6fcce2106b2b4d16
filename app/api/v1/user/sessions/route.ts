import { clearSessionCookies } from "@/lib/auth/respond";
import { listActiveSessions, revokeAllSessions } from "@/lib/auth/sessions";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

export const GET = route(contracts.listSessions, async ({ ok, user, sessionId }) => {
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

export const DELETE = route(contracts.endAllSessions, async ({ ok, user }) => {
  const ended = await revokeAllSessions(await db(), user.id);
  return ok({ ended }, { headers: clearSessionCookies(new Headers()) });
});
