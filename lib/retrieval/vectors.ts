import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import type { Embedder } from "./embedder";
import { ensureVectorIndex, indexShape } from "./vector-index";

const log = logger("retrieval");

/**
 * Queries on `passage_embeddings`, which exists only where pgvector does (migration 0004). It is not in
 * lib/db/schema.ts because its `vector` type is not there on every server.
 */

type Executor = Pick<Db, "execute">;

const ready = new WeakMap<object, Promise<boolean>>();
const warned = new WeakSet<object>();

/** Whether this database can hold vectors; asked once per database. */
export function vectorsAvailable(db: Db): Promise<boolean> {
  let p = ready.get(db);
  if (!p) {
    p = db
      .execute<{ ok: boolean }>(sql`select to_regclass('passage_embeddings') is not null as ok`)
      .then((r) => r.rows[0]?.ok === true)
      .catch(() => false);
    ready.set(db, p);
  }
  return p;
}

/**
 * The embedder to use on this database: null without one or without pgvector. The missing extension is
 * said once, in one line, rather than failing every search.
 */
export async function usableEmbedder(
  db: Db,
  embedder: Embedder | null | undefined,
): Promise<Embedder | null> {
  if (!embedder) return null;
  if (await vectorsAvailable(db)) return embedder;
  if (!warned.has(db)) {
    warned.add(db);
    log.warn("an embedding model is configured but this database has no pgvector: searching full text only");
  }
  return null;
}

export function vectorLiteral(v: number[]): string {
  return `[${v.join(",")}]`;
}

/**
 * Vectors per statement. Each walks the approximate index on its way in (~4 ms a vector on PGlite at 100k
 * passages, on the embedded database's one connection): 25 hold other queries ~100 ms at most.
 */
const VECTOR_BATCH = 25;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes vectors for the passages still there, each batch a statement of its own (no transaction: see
 * replacePassages). A passage deleted meanwhile is skipped by the join; should its deletion commit while
 * the statement runs (Postgres), the foreign key refuses the batch and it is written once more without it.
 */
export async function insertEmbeddings(
  db: Executor,
  agentId: string,
  model: string,
  rows: { passageId: number; embedding: number[] }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += VECTOR_BATCH) {
    if (i > 0) await yieldToEventLoop();
    const values = rows
      .slice(i, i + VECTOR_BATCH)
      .map((r) => sql`(${r.passageId}::bigint, ${vectorLiteral(r.embedding)}::vector)`);
    const write = () =>
      db.execute(sql`
        insert into passage_embeddings (passage_id, agent_id, model, embedding)
        select p.id, p.agent_id, ${model}, v.embedding
        from (values ${sql.join(values, sql`, `)}) as v(passage_id, embedding)
        join passages p on p.id = v.passage_id and p.agent_id = ${agentId}
        on conflict (passage_id) do update set model = excluded.model, embedding = excluded.embedding`);
    try {
      await write();
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      await write();
    }
  }
}

/** SQLSTATE 23503, possibly wrapped by drizzle. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "23503") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Passage ids of one agent nearest to a vector (cosine), best first. Exact: every vector of the agent's,
 * through its agent index (migration 0004). `approximate`: through the HNSW index of the vector's
 * dimension (vector-index.ts), run with APPROXIMATE_SETTINGS; should the walk find fewer than `limit` of
 * the agent's (its vectors a small share of that index's, or mostly of another model), the exact scan
 * answers instead.
 */
export async function nearestPassages(
  db: Db,
  args: { agentId: string; model: string; vector: number[]; limit: number; approximate?: boolean },
): Promise<number[]> {
  const [ids] = await nearestPassagesEach(db, { ...args, vectors: [args.vector] });
  return ids!;
}

/**
 * nearestPassages for several vectors of one dimension (a question's readings), in one statement: each
 * vector's search is a part of a UNION ALL, tagged by its place. The exact scan answers, in one more
 * statement, only those the walk found too few for.
 */
export async function nearestPassagesEach(
  db: Db,
  args: { agentId: string; model: string; vectors: number[][]; limit: number; approximate?: boolean },
): Promise<number[][]> {
  const found: number[][] = args.vectors.map(() => []);
  if (args.vectors.length === 0) return found;
  const dims = args.vectors[0]!.length;
  if (args.vectors.some((v) => v.length !== dims))
    throw new Error("vectors of one search differ in dimension");
  // Our own integers, written into the text: the index's predicate and typed expression must be seen as
  // the same constants by the planner (nothing of a user's).
  const int = (n: number) => sql.raw(String(Math.trunc(n)));
  const nearest = (at: number[], shape: { cast: string } | null) =>
    sql.join(
      at.map((i) => {
        const q = vectorLiteral(args.vectors[i]!);
        const distance = shape
          ? sql`embedding${sql.raw(`::${shape.cast}`)} <=> ${q}${sql.raw(`::${shape.cast}`)}`
          : sql`embedding <=> ${q}::vector`;
        // Ordered by the output column: the same expression to the planner (the index still answers it),
        // and the vector is sent once, not twice.
        return sql`(select ${int(i)} as reading, passage_id, ${distance} as distance from passage_embeddings
      where agent_id = ${args.agentId} and model = ${args.model} and vector_dims(embedding) = ${int(dims)}
      order by distance${shape ? sql`` : sql`, passage_id`}
      limit ${int(args.limit)})`;
      }),
      sql`\nunion all\n`,
    );
  const run = async (at: number[], shape: { cast: string } | null) => {
    const rows = await db.execute<{
      reading: string | number;
      passage_id: string | number;
      distance: string | number;
    }>(nearest(at, shape));
    // UNION ALL keeps no order across its parts: each vector's is made again here, nearest first.
    const sorted = rows.rows
      .map((r) => ({ at: Number(r.reading), id: Number(r.passage_id), distance: Number(r.distance) }))
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
    for (const r of sorted) found[r.at]!.push(r.id);
  };
  const all = args.vectors.map((_, i) => i);
  const shape = args.approximate ? indexShape(dims) : null;
  if (!shape) {
    await run(all, null);
    return found;
  }
  await run(all, shape);
  const short = all.filter((i) => found[i]!.length < args.limit);
  for (const i of short) found[i] = [];
  if (short.length) await run(short, null);
  return found;
}

/**
 * Embeds passages that have no vector of the configured model yet (set up or changed after they were
 * indexed, or the endpoint was down while they were). Returns how many it embedded; call until 0.
 */
export async function embedMissing(
  db: Db,
  args: { embedder: Embedder | null | undefined; agentId?: string; limit?: number },
): Promise<number> {
  const embedder = await usableEmbedder(db, args.embedder);
  if (!embedder) return 0;
  const rows = await db.execute<{
    id: string | number;
    agent_id: string;
    heading: string | null;
    content: string;
  }>(sql`
    select p.id, p.agent_id, p.heading, p.content from passages p
    left join passage_embeddings e on e.passage_id = p.id and e.model = ${embedder.model}
    where e.passage_id is null ${args.agentId ? sql`and p.agent_id = ${args.agentId}` : sql``}
    order by p.id
    limit ${args.limit ?? 256}`);
  if (rows.rows.length === 0) return 0;
  const vectors = await embedder.embed(rows.rows.map((r) => embeddingText(r.heading, r.content)));
  const byAgent = new Map<string, { passageId: number; embedding: number[] }[]>();
  rows.rows.forEach((r, i) => {
    const list = byAgent.get(r.agent_id) ?? [];
    list.push({ passageId: Number(r.id), embedding: vectors[i]! });
    byAgent.set(r.agent_id, list);
  });
  if (vectors[0]) await ensureVectorIndex(db, vectors[0].length);
  // Only passages still there are written (a passage deleted meanwhile is skipped).
  for (const [agentId, list] of byAgent) await insertEmbeddings(db, agentId, embedder.model, list);
  return rows.rows.length;
}

/** What a passage is embedded as: the original text (models understand diacritics), heading first. */
export function embeddingText(heading: string | null, content: string): string {
  return heading ? `${heading}\n${content}` : content;
}
