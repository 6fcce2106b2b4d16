import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/lib/db/rows";
import { ApiError } from "@/lib/http/errors";
import { raiseFlag } from "@/lib/limits/flags";
import { countInOrder, enforce, hit, hitInOrder } from "@/lib/limits/rate-limit";
import { rateLimitCount } from "../helpers/rate-limit-count";
import { recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends } from "../helpers/retrieval-db";

for (const backend of backends) {
  describe(`fixed-window rate limits in the database (${backend})`, () => {
    const database = backendDatabase(backend);
    it("allows exactly `max` of many concurrent hits", async () => {
      const { db } = database();
      const limit = { key: "race", max: 10, windowSeconds: 60 };
      const results = await Promise.all(Array.from({ length: 50 }, () => hit(db, limit)));
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });

    it("answers 429 with Retry-After within the window, and starts afresh after it", async () => {
      const { db } = database();
      const limit = { key: "window", max: 2, windowSeconds: 120 };
      await enforce(db, [limit]);
      await enforce(db, [limit]);
      const err = await enforce(db, [limit]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(429);
      const retry = Number((err as ApiError).headers?.["Retry-After"]);
      expect(retry).toBeGreaterThan(100);
      expect(retry).toBeLessThanOrEqual(120);

      // Move the window into the past: the next hit opens a new one.
      await db.execute(
        sql`UPDATE rate_limits SET window_start = now() - interval '121 seconds' WHERE key = 'window'`,
      );
      expect((await hit(db, limit)).count).toBe(1);
      const rows = rowsOf<{ count: number }>(
        await db.execute(sql`SELECT count FROM rate_limits WHERE key = 'window'`),
      );
      expect(rows[0]?.count).toBe(1);
    });

    it("keeps keys apart", async () => {
      const { db } = database();
      for (let i = 0; i < 3; i++) await hit(db, { key: "a", max: 3, windowSeconds: 60 });
      expect((await hit(db, { key: "b", max: 3, windowSeconds: 60 })).ok).toBe(true);
      expect((await hit(db, { key: "a", max: 3, windowSeconds: 60 })).ok).toBe(false);
    });

    it("counts several limits in one statement, in order, and none after the first one exceeded", async () => {
      const { db } = database();
      const count = (key: string) => rateLimitCount(db, key);
      const limits = [
        { key: "order-visitor", max: 2, windowSeconds: 60 },
        { key: "order-address", max: 3, windowSeconds: 60 },
        { key: "order-agent", max: 100, windowSeconds: 60 },
      ];
      const first = await hitInOrder(db, limits);
      expect(first.map((r) => r?.count)).toEqual([1, 1, 1]);
      await hitInOrder(db, limits);
      // The visitor's third message is refused: the address and the agent are not charged for it.
      const third = await hitInOrder(db, limits);
      expect(third[0]).toMatchObject({ ok: false, count: 3 });
      expect(third.slice(1)).toEqual([null, null]);
      expect([await count("order-address"), await count("order-agent")]).toEqual([2, 2]);

      // A second visitor at the same address: the address refuses at its fourth, the agent is not charged.
      const other = [{ key: "order-visitor-2", max: 10, windowSeconds: 60 }, ...limits.slice(1)];
      expect((await hitInOrder(db, other)).map((r) => r?.ok ?? null)).toEqual([true, true, true]);
      const refused = await hitInOrder(db, other);
      expect(refused.map((r) => r?.ok ?? null)).toEqual([true, false, null]);
      expect(await count("order-agent")).toBe(3);
      const err = await enforce(db, other).catch((e: unknown) => e);
      expect((err as ApiError).status).toBe(429);
      expect(Number((err as ApiError).headers?.["Retry-After"])).toBeGreaterThan(0);
    });

    it("lets exactly `max` of many concurrent callers through the tightest of several limits", async () => {
      const { db } = database();
      const limits = (i: number) => [
        { key: `crowd-visitor-${i}`, max: 5, windowSeconds: 60 },
        { key: "crowd-address", max: 12, windowSeconds: 60 },
        { key: "crowd-agent", max: 1000, windowSeconds: 60 },
      ];
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          enforce(db, limits(i)).then(
            () => "ok" as const,
            () => "refused" as const,
          ),
        ),
      );
      expect(results.filter((r) => r === "ok")).toHaveLength(12);
      const agent = rowsOf<{ count: number }>(
        await db.execute(sql`SELECT count FROM rate_limits WHERE key = 'crowd-agent'`),
      );
      expect(Number(agent[0]?.count)).toBe(12);
    });

    it("reads marks with the limits in the same statement; a watched limit is counted but refuses nothing", async () => {
      const { db } = database();
      const flags = {
        marks: [
          { key: "mark-address", seconds: 900 },
          { key: "mark-agent", seconds: 900 },
        ],
      };
      const limits = [
        { key: "watch-visitor", max: 1, windowSeconds: 60 },
        { key: "watch-new", max: 1, windowSeconds: 3600, watch: true },
      ];
      const first = await enforce(db, limits, undefined, flags);
      expect(first).toEqual({
        results: [expect.objectContaining({ ok: true, count: 1 }), expect.objectContaining({ ok: true })],
        flagged: false,
        after: null,
        read: null,
      });

      await raiseFlag(db, "mark-agent");
      // The watched limit is over its max: told, not refused.
      const second = await enforce(
        db,
        [{ ...limits[0]!, key: "watch-visitor-2" }, limits[1]!],
        undefined,
        flags,
      );
      expect(second.results[1]).toMatchObject({ ok: false, count: 2 });
      expect(second.flagged).toBe(true);

      // A refused limit before it: the watched one is not counted.
      const refused = await enforce(db, limits, undefined, flags).catch((e: unknown) => e);
      expect((refused as ApiError).status).toBe(429);
      expect((await hitInOrder(db, [{ key: "watch-new", max: 100, windowSeconds: 3600 }]))[0]?.count).toBe(3);

      // An old mark no longer counts.
      await db.execute(
        sql`UPDATE rate_limits SET window_start = now() - interval '901 seconds' WHERE key = 'mark-agent'`,
      );
      expect(
        (await countInOrder(db, [{ key: "watch-other", max: 5, windowSeconds: 60 }], flags)).flagged,
      ).toBe(false);
    });

    it("counts the limits past `gateFrom`, and writes after them, only while no mark is raised", async () => {
      const { db } = database();
      const count = (key: string) => rateLimitCount(db, key);
      const after = {
        name: "gate_test",
        cte: (within: SQL) =>
          sql`INSERT INTO rate_limits (key, window_start, count) SELECT 'gate-after', now(), 1 WHERE ${within}
            ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1 RETURNING count`,
        values: {},
      };
      const flags = { marks: [{ key: "gate-mark", seconds: 900 }], gateFrom: 1 };
      const limits = (twice: boolean) => [
        { key: "gate-minute", max: 10, windowSeconds: 60 },
        { key: twice ? "gate-minute" : "gate-day", max: 10, windowSeconds: 86400 },
      ];

      const open = await countInOrder(db, limits(false), flags, after);
      expect(open).toMatchObject({ flagged: false, after: 1 });
      expect(open.results.map((r) => r?.count)).toEqual([1, 1]);

      await raiseFlag(db, "gate-mark");
      const held = await countInOrder(db, limits(false), flags, after);
      expect(held).toMatchObject({ flagged: true, after: null, results: [{ count: 2 }, null] });
      expect([await count("gate-day"), await count("gate-after")]).toEqual([1, 1]);

      // One statement per limit (a key named twice) gates the same way.
      const heldTwice = await countInOrder(db, limits(true), flags);
      expect(heldTwice).toMatchObject({ flagged: true, results: [{ count: 3 }, null] });
      expect(await count("gate-minute")).toBe(3);

      // Without a gate the mark is only told.
      const told = await countInOrder(db, limits(false), { ...flags, gateFrom: undefined }, after);
      expect(told).toMatchObject({ flagged: true, after: 2 });
    });

    it("reads a budget used up as a mark, without counting a hit on it", async () => {
      const { db } = database();
      const budget = { key: "budget-day", max: 100, windowSeconds: 86400 };
      const flags = { marks: [{ key: "budget-day", seconds: 86400, atLeast: 3 }], gateFrom: 1 };
      const limits = [{ key: "budget-minute", max: 100, windowSeconds: 60 }, budget];
      // Counted twice, below the mark's count: open; the third count reaches it.
      for (let i = 1; i <= 3; i++) {
        const open = await countInOrder(db, limits, flags);
        expect(open).toMatchObject({ flagged: false, results: [{ count: i }, { count: i }] });
      }
      const held = await countInOrder(db, limits, flags);
      expect(held).toMatchObject({ flagged: true, results: [{ count: 4 }, null] });
      expect(await rateLimitCount(db, "budget-day")).toBe(3);
      // A window past its end no longer holds anything.
      await db.execute(
        sql`UPDATE rate_limits SET window_start = now() - interval '86401 seconds' WHERE key = 'budget-day'`,
      );
      expect(await countInOrder(db, limits, flags)).toMatchObject({
        flagged: false,
        results: [{ count: 5 }, { count: 1 }],
      });
    });

    it("reads a value along with the limits, in the same statement, whether or not they pass", async () => {
      const { db } = database();
      const after = {
        name: "read_along_test",
        cte: (within: SQL) =>
          sql`INSERT INTO rate_limits (key, window_start, count) SELECT 'read-after', now(), 1 WHERE ${within}
            ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + 1 RETURNING count`,
        values: { wanted: "read-source" },
        read: sql`(SELECT count::bigint * 1000000000 FROM rate_limits WHERE key = ${sql.placeholder("wanted")}::text)`,
      };
      const limit = [{ key: "read-minute", max: 1, windowSeconds: 60 }];
      // Nothing to read yet: null, and the write after the limits is made.
      const { result: first, queries } = await recordQueries(
        () => countInOrder(db, limit, undefined, after),
        {
          every: true,
        },
      );
      expect(first).toMatchObject({ after: 1, read: null });
      expect(queries).toHaveLength(1);
      await db.execute(
        sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('read-source', now(), 3)`,
      );
      // Over the limit: no write, the value is still read (a bigint, beyond an int's range).
      const refused = await countInOrder(db, limit, undefined, after);
      expect(refused).toMatchObject({ after: null, read: 3000000000, results: [{ ok: false, count: 2 }] });
    });

    it("counts a key named twice in one call twice", async () => {
      const { db } = database();
      const twice = await hitInOrder(db, [
        { key: "twice", max: 5, windowSeconds: 60 },
        { key: "twice", max: 5, windowSeconds: 60 },
      ]);
      expect(twice.map((r) => r?.count)).toEqual([1, 2]);
    });
  });
}
