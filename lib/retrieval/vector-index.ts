import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { cancelsStatements } from "@/lib/db/statement-budget";
import { logger } from "@/lib/logger";

const log = logger("retrieval");

/**
 * Approximate nearest-neighbour indexes (HNSW) over `passage_embeddings`, one per vector dimension in use.
 *
 * The column is an untyped `vector` (migration 0004: the dimension belongs to EMBEDDING_MODEL, which an
 * operator may change), and an HNSW index needs one dimension. So each dimension gets a partial expression
 * index of its own, made the first time vectors of that dimension are written: on an empty table it costs
 * nothing, and every insert after it keeps it up to date.
 *
 * Search walks it only for an agent of APPROXIMATE_FROM passages or more (issue 18: an exact scan of 100k
 * vectors of 384 dimensions took 185 ms on PGlite); a smaller agent keeps the exact scan through its
 * agent index, which is as fast there and never misses a neighbour.
 */
export const APPROXIMATE_FROM = 10_000;

/**
 * Candidates the graph walk keeps (`hnsw.ef_search`; pgvector's default is 40). Recall against the exact
 * scan rises with it, and the walk's time slowly: at 100k passages of the benchmark's vectors (PGlite, 32
 * neighbours) 40 kept 49 % of the exact neighbours in 9 ms, 100 kept 60 % in 11 ms, 200 69 % in 15 ms and
 * 400 76 % in 26 ms, where the exact scan took 180 ms. Those vectors are hashed bags of words over one
 * small vocabulary, nearly all at the same distance from a question: the worst case for any approximate
 * index. A search asking for more neighbours than this scans exactly.
 */
export const EF_SEARCH = 200;

/** Planner settings of an approximate search (statement-budget's `settings`). */
export const APPROXIMATE_SETTINGS: readonly (readonly [string, string])[] = [
  // The agent's filter is applied to the graph's answers: walk on until enough of them are the agent's
  // (pgvector 0.8), in distance order, rather than return fewer.
  ["hnsw.iterative_scan", "strict_order"],
  ["hnsw.ef_search", String(EF_SEARCH)],
  // PGlite keeps no statistics (no autovacuum): the planner would take the agent index and sort every
  // vector of the agent, the very scan this replaces. With sorting priced out, the index walk in distance
  // order is the plan.
  ["enable_sort", "off"],
];

/** Whether a search of an agent with `passages` passages, asking for `limit` neighbours, walks the index. */
export function walksIndex(passages: number, limit: number): boolean {
  return passages >= APPROXIMATE_FROM && limit <= EF_SEARCH;
}

export type VectorIndexShape = {
  name: string;
  /** The typed expression the index is built on and a search must order by. */
  cast: string;
  ops: string;
};

/**
 * The index for vectors of `dims` dimensions, or null where pgvector's HNSW cannot take them: `vector`
 * up to 2,000 dimensions, `halfvec` (half precision, ample for ranking) up to 4,000.
 */
export function indexShape(dims: number): VectorIndexShape | null {
  if (!Number.isInteger(dims) || dims < 1) return null;
  if (dims <= 2_000) {
    return { name: `passage_embeddings_hnsw_${dims}`, cast: `vector(${dims})`, ops: "vector_cosine_ops" };
  }
  if (dims <= 4_000) {
    return { name: `passage_embeddings_hnsw_${dims}`, cast: `halfvec(${dims})`, ops: "halfvec_cosine_ops" };
  }
  return null;
}

type Attempt = { promise: Promise<boolean>; ready?: boolean };
const attempts = new WeakMap<object, Map<number, Attempt>>();

/**
 * Makes sure the index for `dims` exists (once per database and dimension in this process; concurrent
 * callers share the one attempt). Resolves to whether it does; never rejects: a server whose pgvector has
 * no HNSW keeps the exact scan. Call it on the database itself, outside any transaction (on Postgres the
 * index is built CONCURRENTLY, without blocking writes).
 */
export function ensureVectorIndex(db: Db, dims: number): Promise<boolean> {
  let byDims = attempts.get(db);
  if (!byDims) {
    byDims = new Map();
    attempts.set(db, byDims);
  }
  let attempt = byDims.get(dims);
  if (!attempt) {
    const made: Attempt = {
      promise: build(db, dims)
        .catch((err) => {
          log.warn(
            `no approximate vector index for ${dims} dimensions, exact scans: ${(err as Error).message}`,
          );
          return false;
        })
        .then((ok) => {
          made.ready = ok;
          return ok;
        }),
    };
    attempt = made;
    byDims.set(dims, attempt);
  }
  return attempt.promise;
}

/**
 * Whether a search may walk the index for `dims` now. Never waits: the first call starts the check (and
 * the build, for a database written before this index existed) in the background, and searches scan
 * exactly until it is done.
 */
export function vectorIndexReady(db: Db, dims: number): boolean {
  void ensureVectorIndex(db, dims);
  return attempts.get(db)?.get(dims)?.ready === true;
}

/**
 * At start: the index for the vectors already stored, in case they were written before it existed (a
 * database from an earlier version). The dimension comes from one row (one embedding model at a time;
 * another dimension still gets its index when written or first searched). On PGlite the caller awaits it:
 * the build holds the database's one thread for as long as it takes (minutes at 100k vectors), better
 * before the first request than behind a visitor's first search. Postgres builds CONCURRENTLY, meanwhile.
 */
export async function indexStoredVectors(db: Db): Promise<number | null> {
  let dims: number | string | null | undefined;
  try {
    const r = await db.execute<{ dims: number | string | null }>(
      sql`select vector_dims(embedding) as dims from passage_embeddings limit 1`,
    );
    dims = r.rows[0]?.dims;
  } catch (err) {
    // Never a reason not to start: searches scan exactly, and the index is tried again when written.
    log.warn(`could not look for stored vectors to index: ${(err as Error).message}`);
    return null;
  }
  if (dims === undefined || dims === null) return null;
  await ensureVectorIndex(db, Number(dims));
  return Number(dims);
}

async function build(db: Db, dims: number): Promise<boolean> {
  const shape = indexShape(dims);
  if (!shape) return false;
  const state = await indexState(db, shape.name);
  if (state === "valid") return true;
  const concurrently = cancelsStatements(db);
  // A concurrent build that failed (or was interrupted) leaves an invalid index that IF NOT EXISTS would
  // keep for good.
  if (state === "invalid") {
    await db.execute(sql.raw(`drop index ${concurrently ? "concurrently " : ""}if exists ${shape.name}`));
  }
  const existing = await db.execute<{ n: number | string }>(
    sql.raw(`select count(*) as n from passage_embeddings where vector_dims(embedding) = ${dims}`),
  );
  const n = Number(existing.rows[0]?.n ?? 0);
  if (n > 0) log.info(`building the approximate index of ${n} vectors of ${dims} dimensions (once)`);
  try {
    // Names and numbers only, all made here from an integer: nothing of a user's reaches this text.
    await db.execute(
      sql.raw(
        `create index ${concurrently ? "concurrently " : ""}if not exists ${shape.name} on passage_embeddings ` +
          `using hnsw ((embedding::${shape.cast}) ${shape.ops}) where vector_dims(embedding) = ${dims}`,
      ),
    );
  } catch (err) {
    // Another instance building the same index at the same moment: theirs counts once it is valid.
    if ((await indexState(db, shape.name)) !== "valid") throw err;
  }
  return (await indexState(db, shape.name)) === "valid";
}

async function indexState(db: Db, name: string): Promise<"valid" | "invalid" | "missing"> {
  const r = await db.execute<{ valid: boolean | null }>(
    sql`select (select indisvalid from pg_index where indexrelid = to_regclass(${name})) as valid`,
  );
  const valid = r.rows[0]?.valid;
  return valid === true ? "valid" : valid === false ? "invalid" : "missing";
}
