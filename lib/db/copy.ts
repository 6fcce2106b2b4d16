import "server-only";
import type { Database } from "./client";
import { migrate } from "./migrate";

/**
 * `npm run db:copy -- --to postgres://…` (OPS-2): moves an embedded (PGlite) database into an empty Postgres,
 * for an owner going from one machine to many. The target is migrated first, so both have the same schema;
 * then every table of the public schema is copied in foreign-key order, each value through its text form
 * (exact for every type: jsonb, arrays, vectors, timestamps), identity columns kept as they were and their
 * sequences moved past them. Counted afterwards, table by table. The job queue (pg-boss) is not copied: the
 * copy refuses while documents are still being learned, whose jobs would be lost.
 */

type Column = { name: string; type: string; generated: boolean; identity: "always" | "default" | null };
/** `skipped`: a table the target does not have (pgvector's, on a Postgres without the extension). */
export type CopyReport = { table: string; rows: number; skipped?: boolean }[];

/** Tables the database fills itself (passage_terms, from the passages): copying them would count twice. */
const KEPT_BY_TRIGGERS = new Set(["passage_terms"]);

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

function queryOf(database: Database): Query {
  if (database.kind === "pglite") {
    return async <T>(text: string, params: unknown[] = []) =>
      (await database.pglite!.query<T>(text, params)).rows;
  }
  return async <T>(text: string, params: unknown[] = []) =>
    (await database.pool!.query(text, params)).rows as T[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tablesOf(q: Query): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Tables ordered so each comes after those it references (self-references do not count). */
async function inDependencyOrder(q: Query, tables: string[]): Promise<string[]> {
  const edges = await q<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pr.relname AS parent FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pr ON pr.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) needs.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...needs.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle");
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

async function columnsOf(q: Query, table: string): Promise<Column[]> {
  const rows = await q<{ name: string; type: string; generated: string; identity: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attgenerated::text AS generated, a.attidentity::text AS identity
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [table],
  );
  return rows.map((r) => ({
    name: r.name,
    type: r.type,
    generated: r.generated !== "",
    identity: r.identity === "a" ? "always" : r.identity === "d" ? "default" : null,
  }));
}

const count = async (q: Query, table: string) =>
  Number((await q<{ n: string | number }>(`SELECT count(*) AS n FROM ${ident(table)}`))[0]!.n);

export class CopyRefused extends Error {}

export async function copyDatabase(
  source: Database,
  target: Database,
  onProgress: (table: string, copied: number, total: number) => void = () => {},
): Promise<CopyReport> {
  const from = queryOf(source);
  const to = queryOf(target);
  const [learning] = await from<{ n: string | number }>(
    "SELECT count(*) AS n FROM documents WHERE status = 'processing'",
  );
  if (Number(learning!.n) > 0) {
    throw new CopyRefused(
      `${learning!.n} document(s) are still being learned: start the server, let them finish, stop it, copy again`,
    );
  }
  await migrate(target);
  const tables = await inDependencyOrder(from, await tablesOf(from));
  const targetTables = new Set(await tablesOf(to));
  for (const table of targetTables) {
    if ((await count(to, table)) > 0) throw new CopyRefused(`the target is not empty (${table} has rows)`);
  }

  const report: CopyReport = [];
  for (const table of tables) {
    if (KEPT_BY_TRIGGERS.has(table)) continue;
    if (!targetTables.has(table)) {
      // The migrations left it out there (pgvector's table on a server without the extension): search works
      // on full text alone until the passages are embedded again on a server with pgvector.
      report.push({ table, rows: await count(from, table), skipped: true });
      continue;
    }
    const sourceColumns = new Set((await columnsOf(from, table)).map((c) => c.name));
    // What both sides have, less what the target computes itself (a generated tsvector); a column only
    // one side has (pgvector's on a server without it) is left out, as the migrations left it out.
    const columns = (await columnsOf(to, table)).filter((c) => sourceColumns.has(c.name) && !c.generated);
    const total = await count(from, table);
    const overriding = columns.some((c) => c.identity === "always") ? " OVERRIDING SYSTEM VALUE" : "";
    const perStatement = Math.max(1, Math.min(500, Math.floor(60_000 / Math.max(1, columns.length))));
    let copied = 0;
    while (copied < total) {
      const rows = await from<Record<string, string | null>>(
        `SELECT ${columns.map((c) => `${ident(c.name)}::text AS ${ident(c.name)}`).join(", ")}
           FROM ${ident(table)} ORDER BY ctid LIMIT ${perStatement} OFFSET ${copied}`,
      );
      if (rows.length === 0) break;
      const params: (string | null)[] = [];
      const tuples = rows.map((row) => {
        const slots = columns.map((c) => {
          params.push(row[c.name] ?? null);
          return `$${params.length}::${c.type}`;
        });
        return `(${slots.join(", ")})`;
      });
      await to(
        `INSERT INTO ${ident(table)} (${columns.map((c) => ident(c.name)).join(", ")})${overriding}
         VALUES ${tuples.join(", ")}`,
        params,
      );
      copied += rows.length;
      onProgress(table, copied, total);
    }
    // Identity columns carry on after the highest copied value.
    for (const c of columns.filter((col) => col.identity)) {
      await to(
        `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${ident(c.name)}) FROM ${ident(table)}), 1))`,
        [`public.${ident(table)}`, c.name],
      );
    }
    const landed = await count(to, table);
    if (landed !== total) throw new Error(`${table}: ${total} rows in the source, ${landed} in the target`);
    report.push({ table, rows: total });
  }
  // What the target's triggers wrote while the passages came in, counted like a copied table.
  for (const table of tables.filter((t) => KEPT_BY_TRIGGERS.has(t))) {
    report.push({ table, rows: await count(to, table) });
  }
  return report;
}
