import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import type { Embedder } from "./embedder";

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

export async function insertEmbeddings(
  tx: Executor,
  agentId: string,
  model: string,
  rows: { passageId: number; embedding: number[] }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map((r) => sql`(${r.passageId}, ${agentId}, ${model}, ${vectorLiteral(r.embedding)}::vector)`);
    await tx.execute(sql`
      insert into passage_embeddings (passage_id, agent_id, model, embedding)
      values ${sql.join(values, sql`, `)}
      on conflict (passage_id) do update set model = excluded.model, embedding = excluded.embedding`);
  }
}

/** Passage ids of one agent nearest to a vector (cosine), best first; exact scan, see migration 0004. */
export async function nearestPassages(
  db: Db,
  args: { agentId: string; model: string; vector: number[]; limit: number },
): Promise<number[]> {
  const q = vectorLiteral(args.vector);
  const rows = await db.execute<{ passage_id: string | number }>(sql`
    select passage_id from passage_embeddings
    where agent_id = ${args.agentId} and model = ${args.model} and vector_dims(embedding) = ${args.vector.length}
    order by embedding <=> ${q}::vector, passage_id
    limit ${args.limit}`);
  return rows.rows.map((r) => Number(r.passage_id));
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
  // A passage deleted meanwhile would fail the foreign key; only those still present are written.
  await db.transaction(async (tx) => {
    for (const [agentId, list] of byAgent) {
      const ids = list.map((l) => l.passageId);
      const alive = await tx.execute<{ id: string | number }>(
        sql`select id from passages where id in (${sql.join(ids, sql`, `)}) for share`,
      );
      const keep = new Set(alive.rows.map((r) => Number(r.id)));
      await insertEmbeddings(
        tx,
        agentId,
        embedder.model,
        list.filter((l) => keep.has(l.passageId)),
      );
    }
  });
  return rows.rows.length;
}

/** What a passage is embedded as: the original text (models understand diacritics), heading first. */
export function embeddingText(heading: string | null, content: string): string {
  return heading ? `${heading}\n${content}` : content;
}
