import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/**
 * What a raw query answers on either driver: node-postgres's QueryResult and PGlite's Results both carry
 * the rows (and more, which the app does not read).
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this["row"]>;
}
type RowsResult<Row> = { rows: Row[] };

/** Drizzle on either driver, and a transaction of it: what both have in common, nothing more. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
