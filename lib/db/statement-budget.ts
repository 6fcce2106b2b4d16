import "server-only";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "./client";
import { PgliteThread } from "./pglite-thread/thread";
import { poolOf, poolWithSettings, type Settings } from "./session-pools";

/**
 * A time budget for reads that must never hold up an answer (issue 18): on Postgres each statement of
 * `run` is cancelled by the server past `ms` (`statement_timeout`, a lock wait included), and the caller
 * gets StatementBudgetExceeded instead of waiting. The statements run on a reader pool whose connections
 * start with the setting (see budgetedReader), or, past a few distinct budgets, in one read transaction
 * that the setting dies with.
 *
 * PGlite cannot cancel a statement (its WASM build has no timer to interrupt one), but it runs on a thread
 * of its own (lib/db/pglite-thread): the caller stops waiting past `ms` and gets StatementBudgetExceeded,
 * while the thread finishes the statement and its answer is dropped. The budget counts from the call, so a
 * wait behind other statements counts, as a lock wait does on Postgres.
 */
export class StatementBudgetExceeded extends Error {
  constructor(readonly ms: number) {
    super(`statement cancelled after its ${ms} ms budget`);
    this.name = "StatementBudgetExceeded";
  }
}

export function cancelsStatements(db: Db): boolean {
  return poolOf(db) !== null;
}

function onPgliteThread(db: Db): boolean {
  return (db as Db & { $client?: unknown }).$client instanceof PgliteThread;
}

export type BudgetOptions = {
  /**
   * Sequential scans as a last resort (`enable_seqscan = off` for these statements): the planner costs a
   * tsquery match per row far below what it takes on a passage of a thousand characters, and read every
   * passage of a 10k agent where the text index finds the few it needs (issue 18: no per-agent scan).
   * And pages priced as the memory they are read from (`random_page_cost = 1.1`, the usual figure for
   * SSDs): at 4, a text index's few pages cost more than matching every passage of a 2,000-passage agent
   * found through its agent index, which took 7 ms where the text index took under 1 (issue 18).
   */
  indexesFirst?: boolean;
  /**
   * Further planner settings for these statements, as name and value (a constant list per call site: on
   * Postgres each distinct list has a reader pool of its own, see budgetedReader).
   */
  settings?: Settings;
};

/** The settings `indexesFirst` stands for, as name and value (the EXPLAIN tests plan with them too). */
export const INDEXES_FIRST: Settings = [
  ["enable_seqscan", "off"],
  ["random_page_cost", "1.1"],
];

export async function withStatementBudget<T>(
  db: Db,
  ms: number,
  run: (db: Db) => Promise<T>,
  options: BudgetOptions = {},
): Promise<T> {
  const budget = Math.max(1, Math.trunc(ms));
  const indexes = [...(options.indexesFirst ? INDEXES_FIRST : []), ...(options.settings ?? [])];
  if (onPgliteThread(db)) {
    return stopWaitingAfter(budget, indexes.length ? withSettings(db, indexes, run) : run(db));
  }
  const pool = poolOf(db);
  if (!pool) return run(db);
  const reader = budgetedReader(pool, budget, indexes);
  try {
    if (reader) return await run(reader);
    return await withSettings(db, [["statement_timeout", String(budget)], ...indexes], run);
  } catch (err) {
    if (isQueryCanceled(err)) throw new StatementBudgetExceeded(budget);
    throw err;
  }
}

/**
 * `run` in a transaction that starts with `settings` (as SET LOCAL: gone with it), in one round trip: one
 * statement, since PGlite takes a single statement per message.
 */
function withSettings<T>(db: Db, settings: Settings, run: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${sql.join(
        settings.map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
        sql`, `,
      )}`,
    );
    // A transaction answers the same queries as the database it came from.
    return run(tx as unknown as Db);
  });
}

/**
 * The work's answer, or StatementBudgetExceeded once `budget` ms have passed. The work goes on (its later
 * statements of `run` too, reads only) and nobody hears how it ends.
 */
function stopWaitingAfter<T>(budget: number, work: Promise<T>): Promise<T> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StatementBudgetExceeded(budget)), budget);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** SQLSTATE 57014 (query_canceled), possibly wrapped by drizzle. */
function isQueryCanceled(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "57014") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Reads under a budget on Postgres go through pools of their own whose connections start with the budget's
 * settings (`-c statement_timeout=…`, and INDEXES_FIRST's), one per budget and list of settings
 * (lib/db/session-pools.ts); a test's odd budget beyond them uses a transaction.
 */
function budgetedReader(pool: pg.Pool, budget: number, settings: Settings): Db | null {
  return poolWithSettings(pool, [["statement_timeout", String(budget)], ...settings]);
}
