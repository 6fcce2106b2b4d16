import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/client";
import { withStatementBudget } from "@/lib/db/statement-budget";
import type { Embedder } from "@/lib/retrieval/embedder";
import { searchPassages } from "@/lib/retrieval/search";
import {
  APPROXIMATE_FROM,
  APPROXIMATE_SETTINGS,
  EF_SEARCH,
  ensureVectorIndex,
  indexShape,
  indexStoredVectors,
  walksIndex,
} from "@/lib/retrieval/vector-index";
import { insertEmbeddings, nearestPassages, vectorsAvailable } from "@/lib/retrieval/vectors";
import { hashEmbedder } from "../helpers/hash-embedder";
import { explainRecorded, recordQueries } from "../helpers/recording-db";
import {
  backendDatabase,
  backends,
  backendsWithPgvector,
  learnTexts,
  seedAgent,
} from "../helpers/retrieval-db";

/**
 * Issue 18: vector search at 100k passages walks an approximate (HNSW) index of the vectors' dimension
 * instead of scanning every vector of the agent; a small agent keeps the exact scan. Only where pgvector
 * exists (PGlite here; Debian's Postgres has none, and its search is full text alone, which the last test
 * checks).
 */
/** nearestPassages through the approximate index, under the settings search walks it with. */
const walk = (db: Database["db"], args: Omit<Parameters<typeof nearestPassages>[1], "approximate">) =>
  withStatementBudget(db, 5_000, (tx) => nearestPassages(tx, { ...args, approximate: true }), {
    settings: APPROXIMATE_SETTINGS,
  });

/** Passages of a few words each from a small vocabulary: many near neighbours, a real ranking to get right. */
function texts(count: number, seed: number): string[] {
  const words = Array.from({ length: 60 }, (_, i) => `w${(i * 7919 + seed) % 1000}`);
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 6 }, () => words[next() % words.length]).join(" "),
  );
}

/** Texts learned in documents of 500 passages, as an upload of that size is. */
async function learn(db: Database["db"], agentId: string, list: string[], embedder: Embedder) {
  for (let i = 0; i < list.length; i += 500) {
    await learnTexts(db, agentId, list.slice(i, i + 500), { name: `doc-${i}.txt`, embedder });
  }
}

async function indexes(db: Database["db"]): Promise<string[]> {
  const r = await db.execute<{ indexname: string }>(
    sql`select indexname from pg_indexes where tablename = 'passage_embeddings' and indexname like '%hnsw%' order by 1`,
  );
  return r.rows.map((row) => row.indexname);
}

describe("which searches walk the approximate index", () => {
  it("only a large agent's, asking for no more neighbours than the walk keeps", () => {
    expect(walksIndex(APPROXIMATE_FROM - 1, 20)).toBe(false);
    expect(walksIndex(APPROXIMATE_FROM, 20)).toBe(true);
    expect(walksIndex(100_000, EF_SEARCH)).toBe(true);
    expect(walksIndex(100_000, EF_SEARCH + 1)).toBe(false);
  });

  it("an index per dimension, in half precision past 2,000 and none past 4,000", () => {
    expect(indexShape(384)).toEqual({
      name: "passage_embeddings_hnsw_384",
      cast: "vector(384)",
      ops: "vector_cosine_ops",
    });
    expect(indexShape(3072)?.cast).toBe("halfvec(3072)");
    expect(indexShape(3072)?.ops).toBe("halfvec_cosine_ops");
    expect(indexShape(4001)).toBeNull();
    for (const bad of [0, -3, 1.5, Number.NaN]) expect(indexShape(bad)).toBeNull();
  });
});

const withVectors = await backendsWithPgvector();
for (const backend of backends) {
  const has = withVectors.includes(backend);
  // Reported as skipped, with the reason in its title, where this database has no pgvector: not as passed.
  describe.skipIf(!has)(`approximate vector index (${backend}${has ? "" : ": not run, no pgvector"})`, () => {
    const database = backendDatabase(backend);
    const embedder = hashEmbedder(32);

    it("is made when vectors of a dimension are first written, one per dimension", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      await learn(db, agentId, texts(5, 1), embedder);
      await learn(db, agentId, texts(5, 2), hashEmbedder(24));
      expect(await indexes(db)).toEqual(["passage_embeddings_hnsw_24", "passage_embeddings_hnsw_32"]);
      // Asked again (another process, a restart): the same index, valid, not a second one.
      expect(await ensureVectorIndex(db, 32)).toBe(true);
      expect(await indexes(db)).toEqual(["passage_embeddings_hnsw_24", "passage_embeddings_hnsw_32"]);
    });

    it("writes vectors only for the agent's own passages that are still there", async () => {
      const { db } = database();
      const agentId = await seedAgent(db, "writer");
      const stranger = await seedAgent(db, "stranger");
      await learn(db, agentId, texts(3, 7), hashEmbedder(32, "none-yet"));
      await learn(db, stranger, texts(1, 8), hashEmbedder(32, "none-yet"));
      const ids = async (agent: string) =>
        (
          await db.execute<{ id: number | string }>(
            sql`select id from passages where agent_id = ${agent} order by id`,
          )
        ).rows.map((r) => Number(r.id));
      const [kept, gone] = (await ids(agentId)) as [number, number];
      const [other] = (await ids(stranger)) as [number];
      await db.execute(sql`delete from passages where id = ${gone}`);
      const [v] = await embedder.embed(["w1"]);
      // A batch with a deleted passage and a stranger's: neither refuses the batch, neither is written.
      await insertEmbeddings(db, agentId, embedder.model, [
        { passageId: kept, embedding: v! },
        { passageId: gone, embedding: v! },
        { passageId: other, embedding: v! },
      ]);
      const written = await db.execute<{ passage_id: number | string; agent_id: string }>(
        sql`select passage_id, agent_id from passage_embeddings where model = ${embedder.model} and passage_id in (${kept}, ${gone}, ${other})`,
      );
      expect(written.rows.map((r) => [Number(r.passage_id), r.agent_id])).toEqual([[kept, agentId]]);
    });

    it("finds what the exact scan finds, walking the index, and never another agent's passages", async () => {
      const { db } = database();
      const agentId = await seedAgent(db, "large");
      const other = await seedAgent(db, "other");
      await learn(db, agentId, texts(1_500, 3), embedder);
      await learn(db, other, texts(1_500, 3), embedder); // the very same texts: equally near
      const [vectors] = await embedder.embed(["w3 w10 w17"]);
      const limit = 20;
      const ids = await db.execute<{ id: number | string }>(
        sql`select id from passages where agent_id = ${agentId}`,
      );
      const own = new Set(ids.rows.map((r) => Number(r.id)));

      const exact = await nearestPassages(db, { agentId, model: embedder.model, vector: vectors!, limit });
      const { result: walked, queries } = await recordQueries(() =>
        walk(db, { agentId, model: embedder.model, vector: vectors!, limit }),
      );
      expect(walked).toHaveLength(limit);
      expect(walked.every((id) => own.has(id))).toBe(true);
      // Half the index is the other agent's, nearest as often: the walk went on past them (iterative scan)
      // rather than fall back to the exact statement.
      expect(queries.filter((q) => q.text.includes("passage_embeddings"))).toHaveLength(1);
      const plan = await explainRecorded(database(), queries.at(-1)!, APPROXIMATE_SETTINGS);
      expect(plan).toContain("passage_embeddings_hnsw_32");
      expect(plan).not.toMatch(/Seq Scan|Sort/);
      // Ties in distance are many in this small vocabulary: compare distances, not ids.
      const distance = async (list: number[]) =>
        (
          await db.execute<{ d: number }>(sql`
            select embedding <=> ${`[${vectors!.join(",")}]`}::vector as d from passage_embeddings
            where passage_id in (${sql.join(list, sql`, `)}) order by d`)
        ).rows.map((r) => Number(r.d));
      const want = await distance(exact);
      const got = await distance(walked);
      const within = got.filter((d) => d <= want.at(-1)! + 1e-6).length;
      expect(within / limit).toBeGreaterThanOrEqual(0.9);
    });

    it("answers with the exact scan when the walk finds too few of the agent's own", async () => {
      const { db } = database();
      const crowd = await seedAgent(db, "crowd");
      const small = await seedAgent(db, "small");
      await learn(db, crowd, texts(1_000, 4), embedder);
      // Another model of the same dimension: in the same index, and filtered out of every walk.
      const other = hashEmbedder(32, "test-hash-32-other");
      await learn(db, small, texts(30, 5), other);
      const [vector] = await other.embed(["w4 w11"]);
      const { result, queries } = await recordQueries(() =>
        walk(db, { agentId: small, model: other.model, vector: vector!, limit: 40 }),
      );
      expect(result).toHaveLength(30);
      expect(queries.filter((q) => q.text.includes("passage_embeddings"))).toHaveLength(2);
      expect(new Set(result)).toEqual(
        new Set(
          await nearestPassages(db, { agentId: small, model: other.model, vector: vector!, limit: 40 }),
        ),
      );
    });

    it("search walks it for a large agent only", async () => {
      const { db } = database();
      const small = await seedAgent(db, "small");
      const large = await seedAgent(db, "large");
      await learn(db, small, texts(40, 6), embedder);
      await learn(db, large, texts(40, 6), embedder);
      // The agent's passage count, as the vocabulary's triggers keep it: a large agent without seeding
      // ten thousand passages here.
      await db.execute(
        sql`update passage_terms set df = ${APPROXIMATE_FROM} where agent_id = ${large} and term = ''`,
      );
      const vectorStatements = async (agentId: string) => {
        const { result, queries } = await recordQueries(() =>
          searchPassages(db, { agentId, query: "w6 w13 w20", embedder, limit: 5 }),
        );
        expect(result.length).toBeGreaterThan(0);
        return queries.filter((q) => q.text.includes("passage_embeddings")).map((q) => q.text);
      };
      const exact = await vectorStatements(small);
      expect(exact).toHaveLength(1);
      expect(exact[0]).not.toContain("vector(32)");
      const walked = await vectorStatements(large);
      expect(walked).toHaveLength(1);
      expect(walked[0]).toContain("::vector(32)");
    });

    it("is built at start for vectors stored before it existed (a database from an earlier version)", async () => {
      const { db } = database();
      const agentId = await seedAgent(db, "earlier");
      await learn(db, agentId, texts(20, 7), embedder);
      const before = await indexes(db);
      expect(before.length).toBeGreaterThan(0);
      for (const name of before) await db.execute(sql.raw(`drop index ${name}`));
      expect(await indexes(db)).toEqual([]);
      // A new process: nothing remembered of which indexes this database has.
      const restarted = Object.create(db) as Database["db"];
      const dims = await indexStoredVectors(restarted);
      expect(dims).not.toBeNull();
      expect(await indexes(db)).toEqual([`passage_embeddings_hnsw_${dims}`]);
      // And a walk, under the settings search walks it with, goes through it.
      const plan = await withStatementBudget(
        db,
        5_000,
        (tx) =>
          tx.execute(
            sql.raw(
              `explain select 1 from passage_embeddings where vector_dims(embedding) = ${dims} order by ` +
                `embedding::vector(${dims}) <=> (select embedding::vector(${dims}) from passage_embeddings limit 1) limit 5`,
            ),
          ),
        { settings: APPROXIMATE_SETTINGS },
      );
      expect(plan.rows.map((r) => Object.values(r)[0]).join("\n")).toContain(
        `passage_embeddings_hnsw_${dims}`,
      );
      // The other dimensions' indexes, as the tests before left them.
      for (const name of before) await ensureVectorIndex(Object.create(db), Number(name.split("_").at(-1)));
      expect(await indexes(db)).toEqual(before);
    });
  });
}

for (const backend of backends.filter((b) => !withVectors.includes(b))) {
  describe(`without pgvector (${backend})`, () => {
    const database = backendDatabase(backend);

    it("learning writes no vectors and makes no index; search is full text alone", async () => {
      const { db } = database();
      expect(await vectorsAvailable(db)).toBe(false);
      const agentId = await seedAgent(db);
      await learn(db, agentId, texts(5, 1), hashEmbedder(32));
      const table = await db.execute<{ ok: boolean }>(
        sql`select to_regclass('passage_embeddings') is null as ok`,
      );
      expect(table.rows[0]?.ok).toBe(true);
      expect(await ensureVectorIndex(db, 32)).toBe(false);
      expect(await indexStoredVectors(db)).toBeNull();
      const found = await searchPassages(db, {
        agentId,
        query: texts(5, 1)[0]!,
        embedder: hashEmbedder(32),
        limit: 5,
      });
      expect(found.length).toBeGreaterThan(0);
    });
  });
}
