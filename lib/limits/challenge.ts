import "server-only";
import { createHmac } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { ApiError, type ErrorBody } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { claimOnce } from "@/lib/limits/flags";

/**
 * The proof-of-work challenge of public chat (CHAT-8, SEC-2): self-hosted ALTCHA (SHA-256, signed with a key
 * derived from the session secret, so nothing extra to configure and nothing sent to a third party). The
 * page solves it in the background and resends its message with the solution in a header; each solution
 * is accepted once, by any process.
 */
export const CHALLENGE_HEADER = "x-chat-challenge";

/**
 * How hard: the secret number is drawn from 0…MAX_NUMBER, so a browser tries half of that on average. Low
 * enough for a throttled phone to solve well under a second, high enough that every scripted message costs
 * real CPU on top of the daily caps, which are what actually bound the spend.
 */
export const CHALLENGE_MAX_NUMBER = 10_000;
const CHALLENGE_VALID_SECONDS = 5 * 60;
/** A base64 JSON of a few hashes; anything longer is not ours and is not decoded. */
const MAX_SOLUTION_CHARS = 1000;

export type ChatChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

function hmacKey(): string {
  return createHmac("sha256", config().SESSION_SECRET).update("altcha:chat").digest("hex");
}

export async function newChallenge(): Promise<ChatChallenge> {
  const c = await createChallenge({
    algorithm: "SHA-256",
    hmacKey: hmacKey(),
    maxNumber: CHALLENGE_MAX_NUMBER,
    expires: new Date(Date.now() + CHALLENGE_VALID_SECONDS * 1000),
  });
  return { ...c, maxnumber: c.maxnumber ?? CHALLENGE_MAX_NUMBER };
}

export type SolutionCheck = "missing" | "invalid" | "replayed" | "ok";

/**
 * Checks the solution a request carried (its CHALLENGE_HEADER): signed by us, not expired, solved, and never seen before. The
 * replay mark is taken only for valid solutions, so garbage cannot fill the table.
 */
export async function checkSolution(db: Db, carried: string | null): Promise<SolutionCheck> {
  const raw = carried?.trim();
  if (!raw) return "missing";
  if (raw.length > MAX_SOLUTION_CHARS) return "invalid";
  let payload: {
    algorithm?: unknown;
    challenge?: unknown;
    number?: unknown;
    salt?: unknown;
    signature?: unknown;
  };
  try {
    payload = JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
  } catch {
    return "invalid";
  }
  if (
    !payload ||
    typeof payload !== "object" ||
    payload.algorithm !== "SHA-256" ||
    typeof payload.challenge !== "string" ||
    typeof payload.salt !== "string" ||
    typeof payload.signature !== "string" ||
    typeof payload.number !== "number" ||
    !Number.isSafeInteger(payload.number) ||
    payload.number < 0 ||
    payload.number > CHALLENGE_MAX_NUMBER
  ) {
    return "invalid";
  }
  const solution = {
    algorithm: "SHA-256" as const,
    challenge: payload.challenge,
    number: payload.number,
    salt: payload.salt,
    signature: payload.signature,
  };
  // Only our own challenges carry an expiry; one without it was not made here.
  if (!extractParams(solution).expires) return "invalid";
  const valid = await verifySolution(solution, hmacKey(), true).catch(() => false);
  if (!valid) return "invalid";
  return (await claimOnce(db, `chat-solved:${solution.challenge}`)) ? "ok" : "replayed";
}

/**
 * A refusal that carries a fresh challenge: 429 when none was sent (solve this and resend), 403 when the one
 * sent was wrong, expired or already used. Retry-After is 0 seconds' worth of waiting: solving is the wait.
 */
export class ChallengeError extends ApiError {
  constructor(
    readonly check: Exclude<SolutionCheck, "ok">,
    readonly challenge: ChatChallenge,
  ) {
    super(
      check === "missing" ? "rate_limited" : "forbidden",
      check === "missing" ? "chat_challenge_required" : "chat_challenge_failed",
      {},
      undefined,
      { "Retry-After": "1", "Cache-Control": "no-store" },
    );
  }

  override body(locale: Locale): ErrorBody & { error: { challenge: ChatChallenge } } {
    const base = super.body(locale);
    return { error: { ...base.error, challenge: this.challenge } };
  }
}
