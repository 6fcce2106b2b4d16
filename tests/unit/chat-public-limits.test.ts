import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newVisitorId } from "@/lib/auth/visitor";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { agents, messageAllowance } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { allowanceMonth } from "@/lib/limits/allowance";
import { ChallengeError } from "@/lib/limits/challenge";
import { enforcePublicLimits } from "@/lib/limits/chat";
import { currentLimits } from "@/lib/limits/entitlement";
import { corpusVersion } from "@/lib/retrieval/search-cache";
import { rateLimitCount } from "../helpers/rate-limit-count";
import { recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends, learnTexts, seedAgent } from "../helpers/retrieval-db";
import { solveChallenge } from "../helpers/solve-challenge";

/**
 * lib/limits/chat.ts: a visitor's message passes the minute limits, the day limits and spends one message
 * of the owner's month, in one statement (two when it looks automated and must bring a solved challenge); a
 * refusal at any step spends nothing it should not.
 */
/** The challenge solution a request carried (its CHALLENGE_HEADER), or none. */
const request = (solution?: string) => solution ?? null;

async function ownerOf(db: Db, agentId: string): Promise<string> {
  const [row] = await db.select({ ownerId: agents.ownerId }).from(agents).where(eq(agents.id, agentId));
  return row!.ownerId;
}

async function used(db: Db, ownerId: string): Promise<number | null> {
  const [row] = await db
    .select({ used: messageAllowance.used })
    .from(messageAllowance)
    .where(eq(messageAllowance.ownerId, ownerId));
  return row?.used ?? null;
}

async function refusals(db: Db, agentId: string, reason: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT coalesce(sum(count), 0)::int AS n FROM chat_refusals WHERE agent_id = ${agentId} AND reason = ${reason}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

// A new address per caller: a random one met an earlier caller's now and then (1 in 256), whose counts then
// showed in this one's.
let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `198.51.${Math.floor(addresses / 256) % 256}.${addresses % 256}`;
};

for (const backend of backends) {
  describe(`a visitor's message limits and allowance (${backend})`, () => {
    const database = backendDatabase(backend);
    const caller = async (db: Db) => {
      const agentId = await seedAgent(db);
      const ownerId = await ownerOf(db, agentId);
      const who = (visitorId = newVisitorId(), address = nextAddress()) => ({
        visitorId,
        isNewVisitor: false,
        addressKey: address,
        dayKeys: { address, wide: null },
        agentId,
        ownerId,
        dailyShare: null,
      });
      return { agentId, ownerId, who };
    };

    it("reads the agent's corpus stamp in the same statement: a document learned is seen by the very next message", async () => {
      const { db } = database();
      const { agentId, who } = await caller(db);
      const visitor = who();
      expect((await enforcePublicLimits(db, request(), visitor)).corpusVersion).toBeNull();
      await learnTexts(db, agentId, ["Giờ mở cửa: 8 giờ đến 17 giờ."]);
      const first = await corpusVersion(db, agentId);
      expect(first).not.toBeNull();
      const { result, queries } = await recordQueries(() => enforcePublicLimits(db, request(), visitor), {
        every: true,
      });
      expect(result.corpusVersion).toBe(first);
      expect(queries).toHaveLength(1);
      await learnTexts(db, agentId, ["Phí khám: 200.000 đồng."], { name: "fees.txt" });
      const second = (await enforcePublicLimits(db, request(), visitor)).corpusVersion;
      expect(second).toBe(await corpusVersion(db, agentId));
      expect(second).not.toBe(first);
      // Another agent's stamp is never read for this one.
      const other = await caller(db);
      expect((await enforcePublicLimits(db, request(), other.who())).corpusVersion).toBeNull();
    });

    it("spends one message per message, in one statement with every limit", async () => {
      const { db } = database();
      const { ownerId, who } = await caller(db);
      const max = (await currentLimits(db, ownerId)).monthlyMessages;
      expect(await enforcePublicLimits(db, request(), who())).toEqual({ used: 1, max, corpusVersion: null });
      const visitor = { ...who(), isNewVisitor: true };
      const { result, queries } = await recordQueries(() => enforcePublicLimits(db, request(), visitor), {
        every: true,
      });
      expect(result).toEqual({ used: 2, max, corpusVersion: null });
      expect(queries).toHaveLength(1);
      expect(queries[0]!.text).toMatch(/message_allowance/);
      expect(await used(db, ownerId)).toBe(2);
      for (const key of [
        `chat-visitor:${visitor.visitorId}`,
        `chat-new-visitors:${visitor.addressKey}`,
        `chat-visitor-day:${visitor.visitorId}`,
        `chat-address-day:${visitor.agentId}:${visitor.addressKey}`,
      ]) {
        expect(await rateLimitCount(db, key), key).toBe(1);
      }
    });

    it("an address marked suspect must bring a solved challenge before its day or the month is counted", async () => {
      const { db } = database();
      const { agentId, ownerId, who } = await caller(db);
      const visitor = who();
      await db.execute(sql`
        INSERT INTO rate_limits (key, window_start, count)
        VALUES (${`chat-suspect-address:${visitor.addressKey}`}, now(), 1)`);
      const err = await enforcePublicLimits(db, request(), visitor).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ChallengeError);
      expect(await used(db, ownerId)).toBeNull();
      expect(await rateLimitCount(db, `chat-visitor:${visitor.visitorId}`)).toBe(1);
      expect(await rateLimitCount(db, `chat-visitor-day:${visitor.visitorId}`)).toBe(0);
      expect(await refusals(db, agentId, "challenge")).toBe(1);

      const solution = solveChallenge((err as ChallengeError).challenge);
      const max = (await currentLimits(db, ownerId)).monthlyMessages;
      expect(await enforcePublicLimits(db, request(solution), visitor)).toEqual({
        used: 1,
        max,
        corpusVersion: null,
      });
      expect(await rateLimitCount(db, `chat-visitor-day:${visitor.visitorId}`)).toBe(1);
      expect(await rateLimitCount(db, `chat-visitor:${visitor.visitorId}`)).toBe(2);
      // The same solution again is a replay: refused, nothing spent.
      const replayed = await enforcePublicLimits(db, request(solution), visitor).catch((e: unknown) => e);
      expect(replayed).toBeInstanceOf(ChallengeError);
      expect(await used(db, ownerId)).toBe(1);
    });

    it("more new visitors from one address this hour than the cap: the next is challenged and the address marked", async () => {
      const { db } = database();
      const { ownerId, who } = await caller(db);
      const address = "192.0.2.77";
      const cap = config().CHAT_CHALLENGE_NEW_VISITORS_PER_HOUR;
      for (let i = 0; i < cap; i++) {
        await enforcePublicLimits(db, request(), { ...who(undefined, address), isNewVisitor: true });
      }
      const err = await enforcePublicLimits(db, request(), {
        ...who(undefined, address),
        isNewVisitor: true,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ChallengeError);
      expect(await used(db, ownerId)).toBe(cap);
      expect(await rateLimitCount(db, `chat-suspect-address:${address}`)).toBe(1);
      // A visitor with a cookie from the same address is now challenged too.
      const known = await enforcePublicLimits(db, request(), who(undefined, address)).catch(
        (e: unknown) => e,
      );
      expect(known).toBeInstanceOf(ChallengeError);
      expect(await used(db, ownerId)).toBe(cap);
    });

    it("past the open half of the agent's day, every message needs a solved challenge; with one, up to its ceiling", async () => {
      const { db } = database();
      const { agentId, ownerId, who } = await caller(db);
      // 2 % of the free plan's 200: a ceiling of 4 a day, 2 of them open to messages without a challenge.
      const visitor = () => ({ ...who(), dailyShare: 2 });
      await enforcePublicLimits(db, request(), visitor());
      const { queries } = await recordQueries(() => enforcePublicLimits(db, request(), visitor()), {
        every: true,
      });
      expect(queries).toHaveLength(1);
      expect(await used(db, ownerId)).toBe(2);

      const late = visitor();
      const asked = await enforcePublicLimits(db, request(), late).catch((e: unknown) => e);
      expect(asked).toBeInstanceOf(ChallengeError);
      expect(await used(db, ownerId)).toBe(2);
      // Held back before the day limits: the challenged message counts toward none of them yet.
      expect(await rateLimitCount(db, `chat-agent-day:${agentId}`)).toBe(2);
      expect(await rateLimitCount(db, `chat-visitor-day:${late.visitorId}`)).toBe(0);
      expect(await refusals(db, agentId, "challenge")).toBe(1);

      for (let i = 0; i < 2; i++) {
        const err = (await enforcePublicLimits(db, request(), visitor()).catch(
          (e: unknown) => e,
        )) as ChallengeError;
        await enforcePublicLimits(db, request(solveChallenge(err.challenge)), visitor());
      }
      expect(await used(db, ownerId)).toBe(4);
      const last = (await enforcePublicLimits(db, request(), visitor()).catch(
        (e: unknown) => e,
      )) as ChallengeError;
      const capped = await enforcePublicLimits(db, request(solveChallenge(last.challenge)), visitor()).catch(
        (e: unknown) => e,
      );
      expect(capped).toBeInstanceOf(ApiError);
      expect((capped as ApiError).detailKey).toBe("chat_limit_agent_day");
      const retry = Number((capped as ApiError).headers?.["Retry-After"]);
      expect(retry).toBeGreaterThan(23 * 3600);
      expect(await used(db, ownerId)).toBe(4);
      expect(await refusals(db, agentId, "agent_day")).toBe(1);
    });

    it("twenty visitors at once on an agent whose day has two open messages left: two answered, the rest challenged", async () => {
      const { db } = database();
      const { ownerId, who } = await caller(db);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => enforcePublicLimits(db, request(), { ...who(), dailyShare: 2 })),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(ChallengeError);
      expect(await used(db, ownerId)).toBe(2);
    });

    it("an agent whose owner lifted the daily ceiling (100 %) keeps no count of its day", async () => {
      const { db } = database();
      const { agentId, ownerId, who } = await caller(db);
      for (let i = 0; i < 12; i++) await enforcePublicLimits(db, request(), { ...who(), dailyShare: 100 });
      expect(await used(db, ownerId)).toBe(12);
      expect(await rateLimitCount(db, `chat-agent-day:${agentId}`)).toBe(0);
    });

    it("a visitor over the day's cap is refused and spends nothing of the month", async () => {
      const { db } = database();
      const { agentId, ownerId, who } = await caller(db);
      const visitor = who();
      await enforcePublicLimits(db, request(), visitor);
      await db.execute(sql`
        UPDATE rate_limits SET count = ${config().CHAT_LIMIT_VISITOR_PER_DAY}
        WHERE key = ${`chat-visitor-day:${visitor.visitorId}`}`);
      const err = await enforcePublicLimits(db, request(), visitor).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).detailKey).toBe("chat_limit_visitor_day");
      expect(await used(db, ownerId)).toBe(1);
      expect(await refusals(db, agentId, "visitor_day")).toBe(1);
      expect(await refusals(db, agentId, "allowance")).toBe(0);
    });

    it("a month whose messages are used up answers 429 until the next month, counted for the owner", async () => {
      const { db } = database();
      const { agentId, ownerId, who } = await caller(db);
      const max = (await currentLimits(db, ownerId)).monthlyMessages;
      await db.insert(messageAllowance).values({ ownerId, month: allowanceMonth(), used: max - 1 });
      expect(await enforcePublicLimits(db, request(), who())).toEqual({
        used: max,
        max,
        corpusVersion: null,
      });
      const err = await enforcePublicLimits(db, request(), who()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(429);
      expect((err as ApiError).detailKey).toBe("chat_allowance_spent");
      expect(Number((err as ApiError).headers?.["Retry-After"])).toBeGreaterThan(0);
      expect(await used(db, ownerId)).toBe(max);
      expect(await refusals(db, agentId, "allowance")).toBe(1);
    });

    it("with three messages left, twenty visitors at once get exactly three answers", async () => {
      const { db } = database();
      const { ownerId, who } = await caller(db);
      const max = (await currentLimits(db, ownerId)).monthlyMessages;
      await db.insert(messageAllowance).values({ ownerId, month: allowanceMonth(), used: max - 3 });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          // No daily ceiling of the agent's own: the month is what runs out here.
          enforcePublicLimits(db, request(), { ...who(undefined, `198.51.100.${i}`), dailyShare: 100 }),
        ),
      );
      const answered = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.used] : []));
      expect(answered.sort((a, b) => a - b)).toEqual([max - 2, max - 1, max]);
      for (const o of outcomes) {
        if (o.status === "rejected") expect((o.reason as ApiError).detailKey).toBe("chat_allowance_spent");
      }
      expect(await used(db, ownerId)).toBe(max);
    });
  });
}
