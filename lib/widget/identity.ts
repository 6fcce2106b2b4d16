import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { forgetAnsweringAgent } from "@/lib/agents/answering-agent";
import type { Db } from "@/lib/db/client";
import { agents, conversations } from "@/lib/db/schema";

/**
 * Identity verification for widget visitors (BEYOND-1): the owner's server signs its user's id with the
 * agent's widget secret, HMAC-SHA256 in hex, and the host page passes id, hash and name to the widget. A
 * visitor whose hash is right is shown by name in history; a wrong or missing hash is ignored, never trusted.
 */
export type ClaimedIdentity = { user_id: string; user_hash: string; name?: string };
export type VerifiedIdentity = { userId: string; name: string | null };

export const newWidgetSecret = () => `whs_${randomBytes(32).toString("base64url")}`;

/** The agent's secret, made on first reading (agents created before the widget have none). */
export async function widgetSecretOf(db: Db, agentId: string): Promise<string> {
  const [made] = await db
    .update(agents)
    .set({ widgetSecret: newWidgetSecret() })
    .where(and(eq(agents.id, agentId), isNull(agents.widgetSecret)))
    .returning({ secret: agents.widgetSecret, publicId: agents.publicId });
  if (made?.secret) {
    // Identities signed with it are trusted from the next message on (the agent is kept a few seconds).
    forgetAnsweringAgent(made.publicId);
    return made.secret;
  }
  const [row] = await db.select({ secret: agents.widgetSecret }).from(agents).where(eq(agents.id, agentId));
  if (!row?.secret) throw new Error("agent vanished while reading its widget secret");
  return row.secret;
}

/** A new secret: every id signed with the old one stops being trusted at once. */
export async function rotateWidgetSecret(db: Db, agentId: string): Promise<string> {
  const secret = newWidgetSecret();
  const [rotated] = await db
    .update(agents)
    .set({ widgetSecret: secret })
    .where(eq(agents.id, agentId))
    .returning({ publicId: agents.publicId });
  if (rotated) forgetAnsweringAgent(rotated.publicId);
  return secret;
}

export function signUserId(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(userId).digest("hex");
}

export function verifyIdentity(
  secret: string | null,
  claim: ClaimedIdentity | undefined,
): VerifiedIdentity | null {
  if (!secret || !claim) return null;
  const expected = Buffer.from(signUserId(secret, claim.user_id));
  const given = Buffer.from(claim.user_hash.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // The contract already made the name one clean line of at most 100 characters.
  return { userId: claim.user_id, name: claim.name?.trim() || null };
}

/** Marks the conversation as the identified visitor's (its latest name wins). */
export async function markIdentified(db: Db, conversationId: string, who: VerifiedIdentity): Promise<void> {
  await db
    .update(conversations)
    .set({ identityUserId: who.userId, identityName: who.name })
    .where(eq(conversations.id, conversationId));
}
