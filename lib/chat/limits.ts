import { sql } from "drizzle-orm";
import { limitsFor } from "@/lib/billing/plan-limits";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { hit, type Limit, rowsOf } from "@/lib/limits/rate-limit";

/**
 * Abuse limits of chat (CHAT-8). Public chat counts per visitor, per address (IPv6 by /64) and per agent,
 * then spends one message of the owner's monthly allowance; the owner's test chat counts per owner only.
 * Each reached limit answers 429 with Retry-After and its own translated reason.
 */
function chatLimits() {
  const c = config();
  return {
    visitor: { max: c.CHAT_LIMIT_VISITOR_PER_MINUTE, windowSeconds: 60 },
    address: { max: c.CHAT_LIMIT_ADDRESS_PER_MINUTE, windowSeconds: 60 },
    agent: { max: c.CHAT_LIMIT_AGENT_PER_MINUTE, windowSeconds: 60 },
    owner: { max: 40, windowSeconds: 60 },
  };
}

type Counted = Limit & { reason: string };

async function enforceEach(db: Db, limits: Counted[]): Promise<void> {
  for (const limit of limits) {
    const r = await hit(db, limit);
    if (!r.ok) throw limited(limit.reason, r.retryAfter);
  }
}

function limited(reason: string, retryAfter: number): ApiError {
  const values = { seconds: retryAfter, minutes: Math.ceil(retryAfter / 60) };
  return new ApiError("rate_limited", reason, values, undefined, { "Retry-After": String(retryAfter) });
}

export async function enforcePublicLimits(
  db: Db,
  who: { visitorId: string; addressKey: string; agentId: string },
): Promise<void> {
  const CHAT_LIMITS = chatLimits();
  await enforceEach(db, [
    { key: `chat-visitor:${who.visitorId}`, ...CHAT_LIMITS.visitor, reason: "chat_limit_visitor" },
    { key: `chat-address:${who.addressKey}`, ...CHAT_LIMITS.address, reason: "chat_limit_address" },
    { key: `chat-agent:${who.agentId}`, ...CHAT_LIMITS.agent, reason: "chat_limit_agent" },
  ]);
}

export async function enforceOwnerLimits(db: Db, ownerId: string): Promise<void> {
  await enforceEach(db, [
    { key: `chat-owner:${ownerId}`, ...chatLimits().owner, reason: "chat_limit_owner" },
  ]);
}

/** The month an allowance counts in: UTC, as "2026-11". */
export function allowanceMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

function secondsToNextMonth(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Spends one visitor message of the owner's plan for this month, or answers 429. One conditional upsert:
 * with N messages left, any number of concurrent requests get exactly N answers.
 */
export async function spendAllowance(db: Db, ownerId: string): Promise<void> {
  const max = limitsFor({ id: ownerId }).monthlyMessages;
  const month = allowanceMonth();
  const rows = rowsOf<{ used: number }>(
    await db.execute(sql`
      INSERT INTO message_allowance (owner_id, month, used) VALUES (${ownerId}, ${month}, 1)
      ON CONFLICT (owner_id, month) DO UPDATE SET used = message_allowance.used + 1
        WHERE message_allowance.used < ${max}
      RETURNING used`),
  );
  if (rows.length === 0 || max < 1) throw limited("chat_allowance_spent", secondsToNextMonth());
}

/** Gives a message back when no answer came of it (the model failed). */
export async function refundAllowance(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`
    UPDATE message_allowance SET used = greatest(used - 1, 0)
    WHERE owner_id = ${ownerId} AND month = ${allowanceMonth()}`);
}

/** Messages the owner has left this month (for the owner's pages and tests). */
export async function allowanceLeft(db: Db, ownerId: string): Promise<number> {
  const max = limitsFor({ id: ownerId }).monthlyMessages;
  const rows = rowsOf<{ used: number }>(
    await db.execute(sql`
      SELECT used FROM message_allowance WHERE owner_id = ${ownerId} AND month = ${allowanceMonth()}`),
  );
  return Math.max(0, max - Number(rows[0]?.used ?? 0));
}
