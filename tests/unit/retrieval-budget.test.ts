import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { StatementBudgetExceeded, withStatementBudget } from "@/lib/db/statement-budget";
import { retrieve } from "@/lib/retrieval/retrieve";
import { searchPassages } from "@/lib/retrieval/search";
import { backendDatabase, backends, learnMarkdown, seedAgent } from "../helpers/retrieval-db";

/**
 * Issue 18: a slow or stuck retrieval statement must not hold an answer. Past RETRIEVAL_BUDGET_MS the
 * question finds nothing (the fallback) at once: Postgres cancels the statement; PGlite cannot, and
 * finishes it on its own thread (lib/db/pglite-thread) while the caller has stopped waiting.
 */
const HOURS = "## Giờ mở cửa\nTiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.";

for (const backend of backends) {
  describe(`retrieval statements have a time budget (${backend})`, () => {
    const database = backendDatabase(backend);

    it(
      backend === "postgres" ? "cancels a statement past its budget" : "stops waiting past its budget",
      async () => {
        const { db } = database();
        const started = Date.now();
        const slow = withStatementBudget(db, 100, (tx) => tx.execute(sql`select pg_sleep(0.6)`));
        await expect(slow).rejects.toBeInstanceOf(StatementBudgetExceeded);
        expect(Date.now() - started).toBeLessThan(550);
        // Within the budget, the same call answers (on PGlite once the thread has finished the sleep).
        const quick = await withStatementBudget(db, 2_000, (tx) =>
          tx.execute<{ n: number }>(sql`select 1 as n`),
        );
        expect(quick.rows[0]?.n).toBe(1);
      },
    );

    if (backend === "pglite") {
      it("gives the fallback at once while the thread runs a long statement, and answers again after", async () => {
        const { db } = database();
        const agent = await seedAgent(db, "budget");
        await learnMarkdown(db, agent, HOURS);
        const ask = (budgetMs: number) =>
          searchPassages(db, { agentId: agent, query: "Tiệm mở cửa lúc mấy giờ?", embedder: null, budgetMs });
        expect(await ask(2_000)).toHaveLength(1);

        // Something else holds the one database connection (a large document being learned, a slow report).
        // (then: a drizzle query starts when it is awaited)
        const busy = db.execute(sql`select pg_sleep(1.5)`).then(() => {});
        const started = Date.now();
        expect(await ask(150)).toEqual([]);
        expect(Date.now() - started).toBeLessThan(1_000);
        await busy;
        expect(await ask(2_000)).toHaveLength(1);
      });
    }

    if (backend === "postgres") {
      it("gives the fallback at once while the passages are locked, and answers again after", async () => {
        const { db, pool } = database();
        const agent = await seedAgent(db, "budget");
        await learnMarkdown(db, agent, HOURS);
        const ask = (budgetMs: number) =>
          searchPassages(db, { agentId: agent, query: "Tiệm mở cửa lúc mấy giờ?", embedder: null, budgetMs });
        expect(await ask(2_000)).toHaveLength(1);

        // Another session holds the passages (a long migration, a stuck lock): every read of them waits.
        const holder = await pool!.connect();
        try {
          await holder.query("begin");
          await holder.query("lock table passages in access exclusive mode");
          const started = Date.now();
          expect(await ask(150)).toEqual([]);
          expect(Date.now() - started).toBeLessThan(1_500);
          const answer = await retrieve(db, {
            agentId: agent,
            question: "Tiệm mở cửa lúc mấy giờ?",
            embedder: null,
          });
          expect(answer.answerable).toBe(false);
          expect(answer.hits).toEqual([]);
        } finally {
          await holder.query("rollback");
          holder.release();
        }
        expect(await ask(2_000)).toHaveLength(1);
      });

      it("runs each budgeted statement alone on a connection that starts with the budget, not in a transaction", async () => {
        const { db } = database();
        type Settings = { timeout: string; seqscan: string; pageCost: string; alone: boolean };
        const read = (tx: typeof db) =>
          tx.execute<Settings>(sql`
            select (select setting from pg_settings where name = 'statement_timeout') as timeout,
              current_setting('enable_seqscan') as seqscan, current_setting('random_page_cost') as "pageCost",
              now() = statement_timestamp() as alone`);
        // A transaction's now() is its start, before this statement's: alone only outside one.
        // The configured budget: always one of the few with a pool of their own.
        const budget = config().RETRIEVAL_BUDGET_MS;
        const budgeted = await withStatementBudget(db, budget, read, { indexesFirst: true });
        expect(budgeted.rows[0]).toEqual({
          timeout: String(budget),
          seqscan: "off",
          pageCost: "1.1",
          alone: true,
        });
        const plain = await withStatementBudget(db, budget, read);
        expect(plain.rows[0]).toEqual({ timeout: String(budget), seqscan: "on", pageCost: "4", alone: true });
        // The app's own connections keep the server's settings.
        const app = await read(db);
        expect(app.rows[0]).toMatchObject({ timeout: "0", seqscan: "on", pageCost: "4" });
      });
    }
  });
}
