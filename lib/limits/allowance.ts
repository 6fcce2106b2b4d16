import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { asyncCommit } from "@/lib/db/async-commit";
import type { Db } from "@/lib/db/client";
import { runPrepared } from "@/lib/db/prepared";
import { rowsOf } from "@/lib/db/rows";
import { ApiError } from "@/lib/http/errors";
import { currentLimits } from "./entitlement";
import { limitedError } from "./rate-limit";
import { recordRefusal } from "./refusals";

/**
 * The owner's monthly message allowance (BILL-1): one message spent per answered question, counted in the
 * database so every process agrees, given back when no answer came.
 */

/**
 * A message of the owner's allowance spent before the question is answered, settled with the question it
 * was spent for: the question holds it until an answer is stored (messages.allowance_held). So an answer
 * delivered uses one message, a failed one gives it back, and a question whose answer never came (its
 * process killed mid-answer, or the visitor gone before the first word) still holds it: sent again, it is
 * answered on that one, and the new request's is given back. A second answer stored for one question (the
 * same question sent twice at once) spends one more.
 */
export type SpentMessage = {
  refund(): Promise<void>;
  /** Spends one more; nothing when the month is used up (the answer is already written). */
  spendAgain(): Promise<void>;
};

/** The month an allowance counts in: UTC, as "2026-11". */
export function allowanceMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

function secondsToNextMonth(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * One message of the owner's month, as a conditional upsert gated by `within`: with N messages left, any
 * number of concurrent requests get exactly N rows back. Its values: ownerId, month and max. A plan of no
 * messages spends nothing.
 */
export const spendStatement = (within: SQL) => sql`
  INSERT INTO message_allowance (owner_id, month, used)
    SELECT ${sql.placeholder("ownerId")}::uuid, ${sql.placeholder("month")}::text, 1
    WHERE ${within} AND ${sql.placeholder("max")}::int >= 1
  ON CONFLICT (owner_id, month) DO UPDATE SET used = message_allowance.used + 1
    WHERE message_allowance.used < ${sql.placeholder("max")}::int
  RETURNING used AS count`;

/** The 429 of a month whose messages are all used, counted for the owner's insight. */
export async function allowanceSpent(db: Db, agentId?: string): Promise<never> {
  if (agentId) await recordRefusal(db, agentId, "allowance");
  throw limitedError("chat_allowance_spent", secondsToNextMonth());
}

/**
 * Spends one message of the owner's plan for this month, or answers 429 (visitors' messages spend theirs
 * in enforcePublicLimits). Answers how many are used now, and of how many, for the owner's warnings.
 */
export async function spendAllowance(
  db: Db,
  ownerId: string,
  agentId?: string,
): Promise<{ used: number; max: number }> {
  const max = (await currentLimits(db, ownerId)).monthlyMessages;
  const rows = rowsOf<{ count: number }>(
    await runPrepared(asyncCommit(db), "spend_allowance", () => spendStatement(sql`true`), {
      ownerId,
      month: allowanceMonth(),
      max,
    }),
  );
  if (rows.length === 0) return allowanceSpent(db, agentId);
  return { used: Number(rows[0]!.count), max };
}

/**
 * The message a request spent, as ask() settles it: given back, or one more spent when a question is
 * answered twice (nothing when the month is used up: that answer is written already, nobody was refused).
 */
export function spentMessage(db: Db, ownerId: string): SpentMessage {
  return {
    refund: () => refundAllowance(db, ownerId),
    spendAgain: async () => {
      await spendAllowance(db, ownerId).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 429)) throw err;
      });
    },
  };
}

/** Gives a message back when no answer came of it (the model failed). */
export async function refundAllowance(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`
    UPDATE message_allowance SET used = greatest(used - 1, 0)
    WHERE owner_id = ${ownerId} AND month = ${allowanceMonth()}`);
}
