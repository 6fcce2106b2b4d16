import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";

const dialect = new PgDialect();

/**
 * The same db, recording every query it runs, in its transactions too (a search runs its statements
 * inside its time budget's transaction), to EXPLAIN them afterwards. A transaction's SET statements are
 * left out: they cannot be explained.
 */
export function recording(db: Db): { db: Db; statements: SQL[] } {
  const statements: SQL[] = [];
  const record = (target: Db): Db =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "execute") {
          return (query: SQL) => {
            if (/^\s*(select|with)\b/i.test(dialect.sqlToQuery(query).sql)) statements.push(query);
            return t.execute(query);
          };
        }
        if (prop === "transaction") {
          return (run: (tx: Db) => Promise<unknown>, ...rest: unknown[]) =>
            (t.transaction as (...a: unknown[]) => Promise<unknown>)((tx: Db) => run(record(tx)), ...rest);
        }
        return Reflect.get(t, prop, receiver);
      },
    });
  return { db: record(db), statements };
}
