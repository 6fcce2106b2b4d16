import "server-only";
import { and, eq, gt, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { otpCodes } from "@/lib/db/schema";
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from "./otp-policy";
import {
  codeHash,
  newCode,
  newRequestSecret,
  REQUEST_SECRET_PATTERN,
  requestHash,
  sameHash,
} from "./otp-secret";

/**
 * Sign-in codes in the database (AUTH-2). A code row is found only through the request secret the asking
 * browser holds in its otp_request cookie, so a code read off a screen or forwarded mail is useless in
 * another browser.
 */
export type IssuedCode = {
  id: string;
  code: string;
  requestSecret: string;
  expiresIn: number;
  expiresAt: Date;
};

export async function issueCode(
  db: Db,
  input: { email: string; referralCode: string | null },
): Promise<IssuedCode> {
  const code = newCode();
  const requestSecret = newRequestSecret();
  const [row] = await db
    .insert(otpCodes)
    .values({
      email: input.email,
      codeHash: codeHash(requestSecret, input.email, code),
      requestHash: requestHash(requestSecret),
      referralCode: input.referralCode,
      expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})`,
    })
    .returning({ id: otpCodes.id, expiresAt: otpCodes.expiresAt });
  return { id: row!.id, code, requestSecret, expiresIn: OTP_TTL_SECONDS, expiresAt: row!.expiresAt };
}

/**
 * Once the mail is out, older unused codes for the address stop working: only the newest mail counts.
 * Done after sending, so a failed send leaves the previous code usable. The rows stay (expired now) so a
 * late try with an older code can be told a newer one was sent; only rows older than this one, so two
 * requests racing for one address cannot cancel each other both.
 */
export async function supersedeOlderCodes(db: Db, email: string, keepId: string): Promise<void> {
  const keptSeq = sql`(SELECT seq FROM otp_codes WHERE id = ${keepId})`;
  await db
    .update(otpCodes)
    .set({ expiresAt: sql`least(${otpCodes.expiresAt}, now())` })
    .where(
      and(
        eq(otpCodes.email, email),
        ne(otpCodes.id, keepId),
        isNull(otpCodes.usedAt),
        gt(otpCodes.expiresAt, sql`now()`),
        lt(otpCodes.seq, keptSeq),
      ),
    );
}

/** A code whose mail could not be sent must not stay behind, usable by nobody but counted by the cleanup. */
export async function discardCode(db: Db, id: string): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

export type CheckResult =
  | { ok: true; referralCode: string | null }
  | { ok: false; reason: "not_requested" | "expired" | "exhausted" | "superseded" }
  | { ok: false; reason: "invalid"; triesLeft: number };

/**
 * Checks a code against the request this browser made. Each check first spends one try with a conditional
 * update (the row is the lock), so however many guesses arrive at once, at most OTP_MAX_ATTEMPTS are ever
 * compared; the right code then claims the row with a second conditional update, so of two concurrent
 * checks of one code exactly one signs in.
 */
export async function checkCode(
  db: Db,
  input: { email: string; code: string; requestSecret: string | undefined },
): Promise<CheckResult> {
  const secret = input.requestSecret;
  if (!secret || !REQUEST_SECRET_PATTERN.test(secret)) return { ok: false, reason: "not_requested" };
  const mine = and(eq(otpCodes.email, input.email), eq(otpCodes.requestHash, requestHash(secret)));
  const [tried] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        mine,
        isNull(otpCodes.usedAt),
        gt(otpCodes.expiresAt, sql`now()`),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: otpCodes.id, codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
  if (!tried) return { ok: false, reason: await whyNotLive(db, mine) };

  if (!sameHash(codeHash(secret, input.email, input.code), tried.codeHash)) {
    const triesLeft = OTP_MAX_ATTEMPTS - tried.attempts;
    return triesLeft > 0 ? { ok: false, reason: "invalid", triesLeft } : { ok: false, reason: "exhausted" };
  }
  const [claimed] = await db
    .update(otpCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(otpCodes.id, tried.id), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, sql`now()`)))
    .returning({ referralCode: otpCodes.referralCode });
  return claimed ? { ok: true, referralCode: claimed.referralCode } : { ok: false, reason: "expired" };
}

/** Only to choose the message; a used code reads as expired ("ask for a new one" either way). */
async function whyNotLive(
  db: Db,
  mine: SQL | undefined,
): Promise<"not_requested" | "expired" | "exhausted" | "superseded"> {
  const [row] = await db
    .select({
      usedAt: otpCodes.usedAt,
      attempts: otpCodes.attempts,
      // Spelled out: Drizzle leaves columns of a one-table select unqualified, which inside this
      // subquery would name `later`'s own columns.
      newer: sql<boolean>`EXISTS (SELECT 1 FROM otp_codes later
        WHERE later.email = otp_codes.email AND later.seq > otp_codes.seq)`,
    })
    .from(otpCodes)
    .where(mine)
    .limit(1);
  if (!row) return "not_requested";
  if (row.usedAt) return "expired";
  if (row.attempts >= OTP_MAX_ATTEMPTS) return "exhausted";
  return row.newer ? "superseded" : "expired";
}
