import pg from "pg";
import type { Database } from "@/lib/db/client";
import { PgliteThread } from "@/lib/db/pglite-thread/thread";
import { INDEXES_FIRST } from "@/lib/db/statement-budget";

/** A query as the driver was asked it: text and parameters. */
export type Recorded = { text: string; params: unknown[] };

type Query = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Every query `run` sends to either driver, recorded where the driver takes it: whatever path a statement
 * goes by (a transaction, the pools with settings of lib/db/session-pools.ts), it is seen. Only
 * queries (SELECT, WITH) are kept, as a transaction's SET statements cannot be explained; `every` keeps
 * every statement, to count round trips.
 */
export async function recordQueries<T>(
  run: () => Promise<T>,
  { every = false } = {},
): Promise<{ result: T; queries: Recorded[] }> {
  const queries: Recorded[] = [];
  const keep = (text: unknown, params: unknown) => {
    if (typeof text === "string" && (every || /^[\s(]*(select|with)\b/i.test(text)))
      queries.push({ text, params: Array.isArray(params) ? params : [] });
  };
  const pgQuery = pg.Client.prototype.query as unknown as Query;
  const threadQuery = PgliteThread.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    if (typeof config === "string") keep(config, values);
    else keep(config?.text, config?.values ?? values);
    return pgQuery.apply(this, args);
  };
  (PgliteThread.prototype as unknown as { query: Query }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    keep(args[0], args[1]);
    return threadQuery.apply(this, args);
  };
  try {
    return { result: await run(), queries };
  } finally {
    (pg.Client.prototype as unknown as { query: Query }).query = pgQuery;
    (PgliteThread.prototype as unknown as { query: Query }).query = threadQuery;
  }
}

/**
 * The plan of a recorded query, planned with the settings the search reads under (INDEXES_FIRST for the
 * full-text statements, or those given).
 */
export async function explainRecorded(
  database: Database,
  query: Recorded,
  planner: readonly (readonly [string, string])[] = INDEXES_FIRST,
): Promise<string> {
  const text = `explain ${query.text}`;
  const settings = planner.map(([name, value]) => `set local ${name} = ${value}`);
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      for (const setting of settings) await client.query(setting);
      const rows = await client.query<{ "QUERY PLAN": string }>(text, query.params);
      return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await client.query("rollback").catch(() => {});
      client.release();
    }
  }
  return database.pglite!.transaction(async (tx) => {
    for (const setting of settings) await tx.query(setting);
    const rows = await tx.query<{ "QUERY PLAN": string }>(text, query.params);
    return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}
