import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/lib/db/rows";
import { ApiError } from "@/lib/http/errors";
import { enforce, hit } from "@/lib/limits/rate-limit";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

describe("fixed-window rate limits in the database", () => {
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
});
