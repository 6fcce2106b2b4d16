import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { asyncCommit } from "@/lib/db/async-commit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { hit } from "@/lib/limits/rate-limit";
import { backendDatabase, backends } from "../helpers/retrieval-db";

/**
 * Issue 18: the rate limits' counters (and the allowance spent with them) commit without waiting for the
 * disk, on connections of their own; everything else commits as before.
 */
const setting = async (db: Db) =>
  rowsOf<{ synchronous_commit: string }>(await db.execute(sql`show synchronous_commit`))[0]
    ?.synchronous_commit;

for (const backend of backends) {
  describe(`counters commit asynchronously (${backend})`, () => {
    const database = backendDatabase(backend);

    if (backend === "postgres") {
      it("counts on a connection that commits without waiting, while the app's connections still wait", async () => {
        const { db } = database();
        const first = await hit(db, { key: "async-commit", max: 3, windowSeconds: 60 });
        expect(first).toMatchObject({ ok: true, count: 1 });

        // The counting statement ran on the one connection of the counters' pool, and nowhere else.
        const counted = rowsOf<{ pid: number }>(
          await db.execute(sql`
            SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'WITH l0 AS%' AND pid <> pg_backend_pid()`),
        ).map((r) => r.pid);
        const counters = asyncCommit(db);
        expect(counters).not.toBe(db);
        const [side] = rowsOf<{ pid: number }>(await counters.execute(sql`select pg_backend_pid() as pid`));
        expect(counted).toEqual([side!.pid]);

        expect(await setting(counters)).toBe("off");
        expect(await setting(db)).toBe("on");
        // The same pool every time: its statements stay prepared on its connections.
        expect(asyncCommit(db)).toBe(counters);

        // Seen at once by the app's own connections, and still exact under concurrency.
        const more = await Promise.all(
          Array.from({ length: 20 }, () => hit(db, { key: "async-commit", max: 3, windowSeconds: 60 })),
        );
        expect(more.filter((r) => r.ok)).toHaveLength(2);
        const [row] = rowsOf<{ count: number }>(
          await db.execute(sql`SELECT count FROM rate_limits WHERE key = 'async-commit'`),
        );
        expect(Number(row?.count)).toBe(21);
      });

      it("keeps a transaction's counts in the transaction", async () => {
        const { db } = database();
        await db
          .transaction(async (tx) => {
            expect(asyncCommit(tx as unknown as Db)).toBe(tx);
            await hit(tx as unknown as Db, { key: "in-transaction", max: 3, windowSeconds: 60 });
            throw new Error("roll back");
          })
          .catch(() => {});
        const rows = rowsOf(await db.execute(sql`SELECT 1 FROM rate_limits WHERE key = 'in-transaction'`));
        expect(rows).toHaveLength(0);
      });
    } else {
      it("counts where it was asked on the embedded database", async () => {
        const { db } = database();
        expect(asyncCommit(db)).toBe(db);
        expect((await hit(db, { key: "embedded", max: 1, windowSeconds: 60 })).count).toBe(1);
        expect((await hit(db, { key: "embedded", max: 1, windowSeconds: 60 })).ok).toBe(false);
      });
    }
  });
}
