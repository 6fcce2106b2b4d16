import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { config } from "@/lib/config";
import type { Db } from "./client";

/**
 * Statements a visitor's every message runs, built once per database instead of once per message. Drizzle's
 * SQL building was ~15 % of the server's CPU per answer (bench:chat profile), and on Postgres a named
 * statement is parsed and planned once per connection instead of once per execution. Values come as
 * `sql.placeholder(name)`; the text of a name never changes (node-postgres refuses a name reused for
 * another text), so a statement whose shape varies names each shape.
 *
 * Built once either way; named only while DATABASE_NAMED_STATEMENTS allows (a pooler may not keep names).
 * Kept per Db (a transaction is a Db of its own), so a test's or a script's database never runs another's.
 */
type Runner = { execute(values?: Record<string, unknown>): Promise<unknown> };

const byDb = new WeakMap<Db, Map<string, Runner>>();
/** The name Postgres keeps a statement under; "" (unnamed, parsed each time) behind a pooler that can't. */
const named = (name: string) => (config().DATABASE_NAMED_STATEMENTS ? `ac_${name}` : "");
const dialect = new PgDialect();

function cached(db: Db, name: string, make: () => Runner): Runner {
  let statements = byDb.get(db);
  if (!statements) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let runner = statements.get(name);
  if (!runner) {
    runner = make();
    statements.set(name, runner);
  }
  return runner;
}

/** A raw statement: `build` (called once per db) returns its SQL with placeholders; answers the driver's result. */
export function runPrepared(
  db: Db,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<{ rows: unknown[] }> {
  return cached(db, name, () =>
    db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, named(name), false),
  ).execute(values) as Promise<{ rows: unknown[] }>;
}

/**
 * A query builder's statement (`db.select()…`, `db.insert()…`), made on first use with its `.prepare()`:
 * `build` gets the db and the name to pass to `.prepare`.
 */
export function preparedQuery<R extends Runner>(db: Db, name: string, build: (db: Db, name: string) => R): R {
  return cached(db, name, () => build(db, named(name))) as R;
}
