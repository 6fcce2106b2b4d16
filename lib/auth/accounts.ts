import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { identities, users } from "@/lib/db/schema";
import { createOwnWorkspace } from "@/lib/workspaces/queries";
import type { User } from "./sessions";

/** What a sign-in method tells us about the person (AUTH-7). */
export type VerifiedIdentity = {
  provider: string;
  subject: string;
  email?: string | null;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  avatar?: string | null;
  username?: string | null;
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase().normalize("NFC");

/**
 * Finds or creates the account for an identity. The same *verified* e-mail reaches the same account
 * whichever way the user signs in; an unverified address never links (it could be anyone's).
 */
export async function accountForIdentity(
  db: Db,
  identity: VerifiedIdentity,
  referralCode?: string | null,
): Promise<{ user: User; created: boolean }> {
  try {
    return await findOrCreate(db, identity, referralCode);
  } catch (err) {
    // Two first sign-ins of one person at the same moment (two tabs, a double click): the loser hits a
    // unique index on the identity or the verified e-mail. Its second look finds the winner's rows.
    if (!isUniqueViolation(err)) throw err;
    return findOrCreate(db, identity, referralCode);
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function findOrCreate(
  db: Db,
  identity: VerifiedIdentity,
  referralCode?: string | null,
): Promise<{ user: User; created: boolean }> {
  const email = identity.email ? normalizeEmail(identity.email) : null;
  const verifiedEmail = identity.emailVerified && email ? email : null;
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [known] = await t
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)))
      .limit(1);
    if (known) {
      await t
        .update(identities)
        .set({ lastUsedAt: sql`now()`, email, emailVerified: identity.emailVerified })
        .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)));
      const user = await fillBlanks(t, known.user, identity, verifiedEmail);
      return { user, created: false };
    }

    let user: User | undefined;
    if (verifiedEmail) {
      [user] = await t
        .select()
        .from(users)
        .where(and(eq(users.email, verifiedEmail), eq(users.emailVerified, true)))
        .limit(1);
    }
    let created = false;
    if (user) {
      user = await fillBlanks(t, user, identity, verifiedEmail);
    } else {
      [user] = await t
        .insert(users)
        .values({
          email: verifiedEmail ?? email,
          emailVerified: verifiedEmail !== null,
          firstName: clip(identity.firstName),
          lastName: clip(identity.lastName),
          avatar: safeAvatar(identity.avatar),
          username: identity.username ?? null,
          referredByCode: cleanReferral(referralCode),
          membershipId: newMembershipId(),
        })
        .returning();
      // Every account starts in a workspace of its own, as owner; invitations add it to others.
      await createOwnWorkspace(t, user!.id);
      created = true;
    }
    await t.insert(identities).values({
      userId: user!.id,
      provider: identity.provider,
      subject: identity.subject,
      email,
      emailVerified: identity.emailVerified,
    });
    return { user: user!, created };
  });
}

/** Keeps what the owner set; only fills empty fields from the provider. */
async function fillBlanks(db: Db, user: User, identity: VerifiedIdentity, verifiedEmail: string | null) {
  const patch: Partial<User> = {};
  if (!user.firstName && identity.firstName) patch.firstName = clip(identity.firstName);
  if (!user.lastName && identity.lastName) patch.lastName = clip(identity.lastName);
  if (!user.avatar && safeAvatar(identity.avatar)) patch.avatar = safeAvatar(identity.avatar);
  if (!user.username && identity.username) patch.username = identity.username;
  if (verifiedEmail && (!user.email || !user.emailVerified)) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, verifiedEmail), eq(users.emailVerified, true)))
      .limit(1);
    if (!taken) {
      patch.email = verifiedEmail;
      patch.emailVerified = true;
    }
  }
  if (Object.keys(patch).length === 0) return user;
  const [updated] = await db.update(users).set(patch).where(eq(users.id, user.id)).returning();
  return updated!;
}

/** The sign-in methods linked to an account (profile.providers). */
export async function providersOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, userId));
  return rows.map((r) => r.provider).sort();
}

const clip = (s: string | null | undefined) => (s ?? "").trim().slice(0, 100);

/** Only https images from a provider become avatars (no javascript:, data: or plain http). */
export function safeAvatar(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).protocol === "https:" ? url.slice(0, 2000) : null;
  } catch {
    return null;
  }
}

/** Referral codes are short tokens; anything else is dropped rather than stored. */
export function cleanReferral(code: string | null | undefined): string | null {
  const c = code?.trim();
  return c && /^[A-Za-z0-9_-]{1,64}$/.test(c) ? c : null;
}

function newMembershipId(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toUpperCase();
}
