import "server-only";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./client";

/**
 * A time budget for reads that must never hold up an answer (issue 18): on Postgres each statement of
 * `run` is cancelled by the server past `ms` (`SET LOCAL statement_timeout`, a lock wait included), and
 * the caller gets StatementBudgetExceeded instead of waiting. The statements run in one read transaction
 * on one pooled connection, which the setting dies with.
 *
 * PGlite runs SQL synchronously on the server's own thread: there is nothing to cancel a statement from,
 * so `run` goes unbudgeted there (the embedded database is for one machine and small agents).
 */
export class StatementBudgetExceeded extends Error {
  constructor(readonly ms: number) {
    super(`statement cancelled after its ${ms} ms budget`);
    this.name = "StatementBudgetExceeded";
  }
}

export function cancelsStatements(db: Db): boolean {
  return (db as Db & { $client?: unknown }).$client instanceof pg.Pool;
}

export async function withStatementBudget<T>(db: Db, ms: number, run: (db: Db) => Promise<T>): Promise<T> {
  if (!cancelsStatements(db)) return run(db);
  const budget = Math.max(1, Math.trunc(ms));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${budget}`));
      // A transaction answers the same queries as the database it came from.
      return run(tx as unknown as Db);
    });
  } catch (err) {
    if (isQueryCanceled(err)) throw new StatementBudgetExceeded(budget);
    throw err;
  }
}

/** SQLSTATE 57014 (query_canceled), possibly wrapped by drizzle. */
function isQueryCanceled(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "57014") return true;
    e = e.cause as typeof e;
  }
  return false;
}
