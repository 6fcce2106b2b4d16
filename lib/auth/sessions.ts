import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sessions, sessionTokens, users } from "@/lib/db/schema";
import { ACCESS_TOKEN_TTL_SECONDS, RENEWAL_RACE_GRACE_SECONDS, SESSION_IDLE_DAYS } from "./policy";
import { hashSecret, randomToken } from "./tokens";

/**
 * Session families and their rotating tokens (AUTH-3). Only hashes are stored. A renewal token works
 * once: using it again (a stolen copy, or a replay) revokes the whole family.
 */
export type TokenPair = { accessToken: string; renewalToken: string; expiresIn: number };
export type User = typeof users.$inferSelect;
export type SessionMeta = { method: string; userAgent?: string | null; ip?: string | null };

export async function createSession(db: Db, userId: string, meta: SessionMeta): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId,
        method: meta.method,
        userAgent: meta.userAgent?.slice(0, 400) ?? null,
        ip: meta.ip ?? null,
      })
      .returning({ id: sessions.id });
    return issueTokens(tx, session!.id);
  });
}

async function issueTokens(db: Db, sessionId: string): Promise<TokenPair> {
  const accessToken = randomToken("act");
  const renewalToken = randomToken("rnt");
  await db.insert(sessionTokens).values({
    sessionId,
    accessHash: hashSecret(accessToken),
    renewalHash: hashSecret(renewalToken),
    accessExpiresAt: sql`now() + make_interval(secs => ${ACCESS_TOKEN_TTL_SECONDS})`,
  });
  return { accessToken, renewalToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** The signed-in user behind a live access token, or null (unknown, expired, rotated or revoked). */
export async function authenticate(
  db: Db,
  accessToken: string,
): Promise<{ user: User; sessionId: string } | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessionTokens.accessHash, hashSecret(accessToken)),
        isNull(sessionTokens.rotatedAt),
        gt(sessionTokens.accessExpiresAt, sql`now()`),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type RenewResult =
  | { ok: true; tokens: TokenPair; userId: string; sessionId: string }
  | { ok: false; reason: "unknown" | "reused" | "raced" | "revoked" | "expired" };

/**
 * Rotates a family's tokens. The conditional update is the lock: of concurrent renewals with the same token
 * exactly one wins. A loser within RENEWAL_RACE_GRACE_SECONDS is told it raced (the browser's cookie jar
 * already holds the winner's pair); a used token presented later is theft and ends the family.
 */
export async function renew(
  db: Db,
  renewalToken: string,
  meta: { ip?: string | null } = {},
): Promise<RenewResult> {
  const hash = hashSecret(renewalToken);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [claimed] = await t
      .update(sessionTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(sessionTokens.renewalHash, hash), isNull(sessionTokens.rotatedAt)))
      .returning({ sessionId: sessionTokens.sessionId });
    if (!claimed) {
      const [used] = await t
        .select({
          sessionId: sessionTokens.sessionId,
          revoked: sql<boolean>`${sessions.revokedAt} is not null`,
          raced: sql<boolean>`${sessionTokens.rotatedAt} > now() - interval '${sql.raw(String(RENEWAL_RACE_GRACE_SECONDS))} seconds'`,
        })
        .from(sessionTokens)
        .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
        .where(eq(sessionTokens.renewalHash, hash))
        .limit(1);
      if (!used) return { ok: false, reason: "unknown" } as const;
      if (used.revoked) return { ok: false, reason: "revoked" } as const;
      if (used.raced) return { ok: false, reason: "raced" } as const;
      await revokeFamily(t, used.sessionId, "renewal_token_reused");
      return { ok: false, reason: "reused" } as const;
    }
    const [session] = await t.select().from(sessions).where(eq(sessions.id, claimed.sessionId)).limit(1);
    if (!session || session.revokedAt) return { ok: false, reason: "revoked" } as const;
    if (session.lastSeenAt.getTime() < Date.now() - SESSION_IDLE_DAYS * 86_400_000) {
      await revokeFamily(t, session.id, "idle");
      return { ok: false, reason: "expired" } as const;
    }
    await t
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, ...(meta.ip ? { ip: meta.ip } : {}) })
      .where(eq(sessions.id, session.id));
    const tokens = await issueTokens(t, session.id);
    return { ok: true, tokens, userId: session.userId, sessionId: session.id } as const;
  });
}

export async function revokeFamily(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** The family a renewal token belongs to (used or not), for logout with only a renewal token. */
export async function sessionOfRenewalToken(db: Db, renewalToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: sessionTokens.sessionId })
    .from(sessionTokens)
    .where(eq(sessionTokens.renewalHash, hashSecret(renewalToken)))
    .limit(1);
  return row?.sessionId ?? null;
}

export type ActiveSession = {
  id: string;
  method: string;
  userAgent: string | null;
  ip: string | null;
  insertedAt: Date;
  lastSeenAt: Date;
};

export async function listActiveSessions(db: Db, userId: string): Promise<ActiveSession[]> {
  return db
    .select({
      id: sessions.id,
      method: sessions.method,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      insertedAt: sessions.insertedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, sql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}

/** Ends every session of a user ("sign out everywhere"); returns how many ended. */
export async function revokeAllSessions(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: "signed_out_everywhere" })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends one of the user's own sessions; another user's id changes nothing. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: "signed_out" })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
