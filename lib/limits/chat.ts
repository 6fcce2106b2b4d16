import "server-only";
import { sql } from "drizzle-orm";
import type { PlanLimits } from "@/lib/billing/plan-limits";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { allowanceMonth, allowanceSpent, spendStatement } from "./allowance";
import { ChallengeError, checkSolution, newChallenge } from "./challenge";
import { currentLimits } from "./entitlement";
import { raiseFlag } from "./flags";
import { type AfterLimits, type EnforcedLimit, enforce, type FlagRead, giveBackHit } from "./rate-limit";
import { type RefusalReason, recordRefusal } from "./refusals";

/**
 * Abuse limits of chat (CHAT-8, SEC-2). The monthly allowance is the owner's; strangers share it fairly:
 * - per minute: per visitor, per address (IPv6 by /64) and per agent, as before;
 * - per day: per visitor and per address (IPv6 by /56, what one home connection gets, and at most four
 *   addresses' worth per /48), the address never above its share of the monthly allowance, so one address
 *   (or a handful) cannot switch the agent off for the month;
 * - per day and agent, all addresses together: a ceiling, a share of the month (agentDailyCeiling). Its
 *   first half is open to every message; past it the agent's pace has jumped (a flood from many addresses,
 *   or a very busy day) and every message must bring a solved challenge, so what a flood that does not
 *   solve one per message can spend is that half, and the other half stays for the visitors arriving later,
 *   whose page solves the challenge unseen;
 * - when traffic looks automated (many new visitors from one address, or bursts at a per-minute cap),
 *   messages need a solved proof-of-work challenge first (./challenge.ts);
 * - then one message of the allowance is spent.
 * Everything is counted in the database, so the limits hold across processes (committed without waiting
 * for the disk: lib/db/async-commit.ts). Each refusal answers with its own translated reason and
 * Retry-After, and is counted for the owner's insight. The owner's test chat counts per owner only and
 * never touches the allowance or the caps.
 */
const DAY = 24 * 60 * 60;
/** How long a burst or a crowd of new visitors keeps an address (or agent) behind the challenge. */
export const SUSPECT_SECONDS = 15 * 60;
/** An IPv6 /48 may spend this many addresses' daily shares: a few /56s of one block, not 256 of them. */
const WIDE_SHARES = 4;

type Counted = EnforcedLimit & { detail: string; reason: RefusalReason };

export type PublicCaller = {
  visitorId: string;
  /** no visitor cookie came with the request (a new visitor, or a script that drops its cookies) */
  isNewVisitor: boolean;
  /** what the address counts under per minute (ipLimitKey: IPv6 by /64) */
  addressKey: string;
  /** what its daily share counts under (ipDayKeys: IPv6 by /56, and its /48) */
  dayKeys: { address: string; wide: string | null };
  agentId: string;
  ownerId: string;
  /** the agent's own daily ceiling, in percent of the month; null for the default */
  dailyShare: number | null;
};

/** The most one address may spend a day: the configured cap, never above its share of the owner's month. */
export function addressDailyCap(limits: PlanLimits): number {
  const c = config();
  const share = Math.floor((limits.monthlyMessages * c.CHAT_LIMIT_ADDRESS_DAILY_SHARE) / 100);
  return Math.max(1, Math.min(c.CHAT_LIMIT_ADDRESS_PER_DAY, share));
}

/**
 * The agent's daily ceiling (null: none, at 100 %): the most its visitors may spend of the owner's month in
 * a day, and the part of it open to messages without a solved challenge (half).
 */
export function agentDailyCeiling(
  limits: PlanLimits,
  share: number | null,
): { max: number; unchallenged: number } | null {
  const percent = share ?? config().CHAT_LIMIT_AGENT_DAILY_SHARE;
  if (percent >= 100) return null;
  const max = Math.max(1, Math.ceil((limits.monthlyMessages * percent) / 100));
  return { max, unchallenged: Math.max(1, Math.floor(max / 2)) };
}

/** The agent's count of the day (benches start it far below its ceiling). */
export const agentDayKey = (agentId: string) => `chat-agent-day:${agentId}`;

/** A refusal is also counted for the owner's insight, after the limit's own reaction to it. */
function enforceCounted(
  db: Db,
  agentId: string | null,
  limits: Counted[],
  flags?: FlagRead,
  after?: AfterLimits,
) {
  return enforce(
    db,
    limits.map((limit) => ({
      ...limit,
      onRefused: async () => {
        await limit.onRefused?.();
        if (agentId) await recordRefusal(db, agentId, limit.reason);
      },
    })),
    undefined,
    flags,
    after,
  );
}

const suspectAddress = (addressKey: string) => `chat-suspect-address:${addressKey}`;
const suspectAgent = (agentId: string) => `chat-suspect-agent:${agentId}`;

/**
 * Every check before a visitor's message is answered, in order; the allowance is spent last. An ordinary
 * visitor's message passes them all in one statement; one that looks automated is counted up to the day
 * limits, asked for its solved challenge, then passes those and spends in a second statement. Answers how
 * many of the month's messages are used now, and of how many, for the owner's warnings; and the agent's
 * corpus stamp, read by the same statement.
 */
export async function enforcePublicLimits(
  db: Db,
  solution: string | null,
  who: PublicCaller,
): Promise<{ used: number; max: number; corpusVersion: number | null }> {
  const c = config();
  const minute = 60;
  const limits = await currentLimits(db, who.ownerId);
  const max = limits.monthlyMessages;
  const flagAddress = () => raiseFlag(db, suspectAddress(who.addressKey));
  // The minute limits; then, for a new visitor, the address's new visitors this hour (counted only when no
  // minute limit refused).
  const minuteLimits: Counted[] = [
    {
      key: `chat-visitor:${who.visitorId}`,
      max: c.CHAT_LIMIT_VISITOR_PER_MINUTE,
      windowSeconds: minute,
      detail: "chat_limit_visitor",
      reason: "visitor_minute",
      onRefused: flagAddress,
    },
    {
      key: `chat-address:${who.addressKey}`,
      max: c.CHAT_LIMIT_ADDRESS_PER_MINUTE,
      windowSeconds: minute,
      detail: "chat_limit_address",
      reason: "address_minute",
      onRefused: flagAddress,
    },
    {
      key: `chat-agent:${who.agentId}`,
      max: c.CHAT_LIMIT_AGENT_PER_MINUTE,
      windowSeconds: minute,
      detail: "chat_limit_agent",
      reason: "agent_minute",
      onRefused: () => raiseFlag(db, suspectAgent(who.agentId)),
    },
    ...(who.isNewVisitor
      ? [
          {
            key: `chat-new-visitors:${who.addressKey}`,
            max: c.CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR,
            windowSeconds: 60 * 60,
            reason: "challenge" as const,
            detail: "",
            watch: true,
          },
        ]
      : []),
  ];
  const addressCap = addressDailyCap(limits);
  const ceiling = agentDailyCeiling(limits, who.dailyShare);
  const { address, wide } = who.dayKeys;
  // The day limits; the agent's last, so it counts only messages every other limit let through. Without a
  // challenge it watches the ceiling's open half (past it, the challenge is asked instead of a refusal);
  // with one solved, it refuses at the ceiling.
  const dayLimits = (solved: boolean): Counted[] => [
    {
      key: `chat-visitor-day:${who.visitorId}`,
      max: c.CHAT_LIMIT_VISITOR_PER_DAY,
      windowSeconds: DAY,
      detail: "chat_limit_visitor_day",
      reason: "visitor_day",
    },
    {
      key: `chat-address-day:${who.agentId}:${address}`,
      max: addressCap,
      windowSeconds: DAY,
      detail: "chat_limit_address_day",
      reason: "address_day",
    },
    ...(wide
      ? [
          {
            key: `chat-network-day:${who.agentId}:${wide}`,
            max: WIDE_SHARES * addressCap,
            windowSeconds: DAY,
            detail: "chat_limit_address_day",
            reason: "address_day" as const,
          },
        ]
      : []),
    ...(ceiling
      ? [
          {
            key: agentDayKey(who.agentId),
            max: solved ? ceiling.max : ceiling.unchallenged,
            windowSeconds: DAY,
            detail: "chat_limit_agent_day",
            reason: "agent_day" as const,
            watch: !solved,
          },
        ]
      : []),
  ];
  const unsolvedDay = dayLimits(false);
  // With the spend, the agent's corpus stamp (lib/retrieval/search-cache.ts): the answer's searches need it
  // next, and the agent itself comes from memory (lib/agents/answering-agent.ts).
  const spend: AfterLimits = {
    name: "spend_and_stamp",
    cte: spendStatement,
    values: { ownerId: who.ownerId, month: allowanceMonth(), max, agentId: who.agentId },
    read: corpusStamp,
  };
  // One statement: all of them, with the day limits and the spend held back while the address or the agent
  // is marked suspect, or the agent's day is past its open half (read in the same statement), or the crowd
  // of new visitors is over its count.
  const { results, flagged, after, read } = await enforceCounted(
    db,
    who.agentId,
    [...minuteLimits, ...unsolvedDay],
    {
      marks: [
        { key: suspectAddress(who.addressKey), seconds: SUSPECT_SECONDS },
        { key: suspectAgent(who.agentId), seconds: SUSPECT_SECONDS },
        ...(ceiling ? [{ key: agentDayKey(who.agentId), seconds: DAY, atLeast: ceiling.unchallenged }] : []),
      ],
      gateFrom: minuteLimits.length,
    },
    spend,
  );
  // More new visitors from the address this hour than a household brings: automated, from now on.
  const newVisitors = who.isNewVisitor ? results[minuteLimits.length - 1] : null;
  const crowd = newVisitors ? !newVisitors.ok : false;
  // Messages at once that passed the open half together: those past it are asked for the challenge too
  // (their other day limits then count them twice: a race can only cost its sender). The agent's day gives
  // their hits back: unanswered, they must not take the places of the visitors who solve the challenge.
  const agentDay = ceiling ? results[minuteLimits.length + unsolvedDay.length - 1] : null;
  const pastOpenHalf = agentDay ? !agentDay.ok : false;
  if (pastOpenHalf) await giveBackHit(db, agentDayKey(who.agentId));
  if (!crowd && !flagged && !pastOpenHalf) {
    // The day limits were counted and passed (a refusal has thrown): null is a month already used up.
    if (after === null) return allowanceSpent(db, who.agentId);
    return { used: after, max, corpusVersion: read };
  }
  if (crowd) await flagAddress();
  await requireChallenge(db, solution, who);
  // Solved: the day limits, then (when both pass) one message of the owner's month.
  const solved = await enforceCounted(db, who.agentId, dayLimits(true), undefined, spend);
  if (solved.after === null) return allowanceSpent(db, who.agentId);
  return { used: solved.after, max, corpusVersion: solved.read };
}

/**
 * Looks automated (more new visitors from the address this hour than a household brings, a recent burst at
 * a per-minute cap from the address or at the agent, or the agent's day past its open half): a solved
 * challenge is required.
 */
async function requireChallenge(db: Db, solution: string | null, who: PublicCaller): Promise<void> {
  const check = await checkSolution(db, solution);
  if (check === "ok") return;
  await recordRefusal(db, who.agentId, "challenge");
  throw new ChallengeError(check, await newChallenge());
}

export async function enforceOwnerLimits(db: Db, ownerId: string): Promise<void> {
  await enforceCounted(db, null, [
    {
      key: `chat-owner:${ownerId}`,
      max: 40,
      windowSeconds: 60,
      detail: "chat_limit_owner",
      reason: "visitor_minute",
    },
  ]);
}

/** The agent's corpus stamp (null: no passages), over the placeholder agentId. */
const corpusStamp = sql`(SELECT version FROM passage_terms
  WHERE agent_id = ${sql.placeholder("agentId")}::uuid AND term = '')`;
