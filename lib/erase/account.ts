import "server-only";
import { and, count, eq } from "drizzle-orm";
import { forgetProfile } from "@/lib/auth/profile";
import type { Providers } from "@/lib/billing/providers";
import type { Db } from "@/lib/db/client";
import { identities, otpCodes, salesContacts, sessions, users, workspaceMembers } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { countOwners, membershipsOf } from "@/lib/workspaces/queries";
import { endSubscriptionNow } from "./billing";
import { eraseWorkspace } from "./workspace";

const log = logger("erase");

export type AccountErasure = { workspaces_deleted: number; workspaces_left: number };

const membersIn = async (db: Db, workspaceId: string) =>
  (
    await db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId))
  )[0]?.n ?? 0;

/**
 * Deletes a person's account (issue 48). Refused while they are the last owner of a workspace with other
 * members (the refusal names it and says what to do). Workspaces they are alone in are deleted with
 * everything in them; they leave every other one. Their plan ends at once without refund, their sessions
 * end, and their personal data goes: sign-in identities, codes, enquiries and the profile itself. The user
 * row stays as an anonymous husk only because invoices, which accounting law keeps, point at it.
 */
export async function deleteAccount(db: Db, providers: Providers, userId: string): Promise<AccountErasure> {
  const memberships = await membershipsOf(db, userId);
  const solo: string[] = [];
  const shared: string[] = [];
  for (const m of memberships) {
    const members = await membersIn(db, m.workspaceId);
    if (members <= 1) {
      solo.push(m.workspaceId);
      continue;
    }
    if (m.role === "owner" && (await countOwners(db, m.workspaceId)) <= 1) {
      throw new ApiError("conflict", "account_last_owner", { workspace: m.name });
    }
    shared.push(m.workspaceId);
  }
  for (const workspaceId of solo) await eraseWorkspace(db, providers, workspaceId);
  await endSubscriptionNow(db, providers, userId);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    for (const workspaceId of shared) {
      await t
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    }
    const [user] = await t.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email) await t.delete(otpCodes).where(eq(otpCodes.email, user.email));
    await t.delete(sessions).where(eq(sessions.userId, userId));
    await t.delete(identities).where(eq(identities.userId, userId));
    await t.delete(salesContacts).where(eq(salesContacts.ownerId, userId));
    await t
      .update(users)
      .set({
        email: null,
        emailVerified: false,
        firstName: "",
        lastName: "",
        avatar: null,
        username: null,
        banner: null,
        portfolio: null,
        twitter: null,
        instagram: null,
        referredByCode: null,
        timeZone: null,
      })
      .where(eq(users.id, userId));
  });
  forgetProfile(userId);
  log.info(`account ${userId} deleted: ${solo.length} workspace(s) erased, ${shared.length} left`);
  return { workspaces_deleted: solo.length, workspaces_left: shared.length };
}
