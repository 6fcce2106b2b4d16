import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { replacePassages } from "@/lib/retrieval/passages";
import { searchPassages } from "@/lib/retrieval/search";
import { APPROXIMATE_FROM, EF_SEARCH, walksIndex } from "@/lib/retrieval/vector-index";
import { hashEmbedder } from "@/tests/helpers/hash-embedder";
import { corpus, zipfCorpus } from "@/tests/helpers/retrieval-corpus";
import { seedAgent, seedDocument } from "@/tests/helpers/retrieval-seed";
import type { RetrievalResult } from "./table";

/**
 * npm run bench:retrieval [-- --postgres postgres://…/db] [--passages 10000] [--worst] [--json <file>]
 * Search latency (sequential p50/p95) over one agent's passages, with another agent's passages beside
 * them, on PGlite by default. Full text alone, then fused with vectors from an in-process 384-dimension
 * embedder (no network: it measures the database side of the vector path). Figures only, never pass/fail.
 * Two figures per query, apart: its first ask (every query once, after one unrelated warm-up search of
 * the path, so the process is warm and the query new: the word counts it needs are not remembered yet),
 * then the same query repeated back to back (3 unmeasured, 20 measured: word counts remembered for a
 * minute, pages cached).
 * The vector pass's first asks find the words' counts remembered by the full-text pass before it.
 * `--json <file>` also writes the "all queries" figures there at the end (scripts/bench/table.ts).
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const size = Number(arg("passages") ?? 10_000);
const postgres = arg("postgres");
// --worst: every passage draws 150 words from the same ~280, so nearly all of them match any question.
const worst = args.includes("--worst");
const make = worst ? corpus : zipfCorpus;
const jsonFile = arg("json");

const DIMS = 384;
const embedder384 = hashEmbedder(DIMS, "bench-hash-384");

const queries = [
  "thành phố hồ chí minh",
  "thanh pho ho chi minh",
  "Chợ Bến Thành mấy giờ mở cửa?",
  "chinh sach doi tra",
  "What is your refund policy for tickets?",
  "opening hours",
  "giao hàng miễn phí cho khách hàng ở đà nẵng không",
  "phở",
  "nguyn van ann", // typo: trigram fallback
  "Tôi muốn biết giá vé người lớn và trẻ em vào cuối tuần, có giảm giá cho gia đình không, và thanh toán bằng thẻ được không?",
];

const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-retrieval-"));
const database: Database = await openDatabase({ databaseUrl: postgres, dataDir });
try {
  await migrate(database);
  const { db } = database;
  console.log(
    `database: ${database.kind}; ${size} passages of ~1,000 characters for the agent searched (${worst ? "worst case: tiny uniform vocabulary" : "Zipf vocabulary"}), ${size / 2} of another agent`,
  );
  const agentId = await seedAgent(db, "bench");
  const other = await seedAgent(db, "other");
  const vectors = database.kind === "pglite" || (await hasVectors(database));
  let t = performance.now();
  const list = make(size, 7, 150);
  for (let i = 0; i < list.length; i += 500) {
    const documentId = await seedDocument(db, agentId, `doc-${i}.txt`);
    await replacePassages(db, {
      agentId,
      documentId,
      passages: list.slice(i, i + 500),
      embedder: vectors ? embedder384 : null,
    });
  }
  const indexMs = performance.now() - t;
  console.log(
    `indexed ${size} passages${vectors ? ` with ${DIMS}-d vectors` : ""} in ${(indexMs / 1000).toFixed(1)} s (${(size / (indexMs / 1000)).toFixed(0)} passages/s, 500 per replacePassages)`,
  );
  if (vectors) {
    console.log(
      walksIndex(size, 20)
        ? `vectors: the approximate index (HNSW, ef_search ${EF_SEARCH}), from ${APPROXIMATE_FROM} passages of one agent`
        : `vectors: exact scan of the agent's (the approximate index serves agents of ${APPROXIMATE_FROM} passages or more)`,
    );
  }
  const otherList = make(Math.floor(size / 2), 8, 150);
  for (let i = 0; i < otherList.length; i += 500) {
    const documentId = await seedDocument(db, other, `other-${i}.txt`);
    await replacePassages(db, { agentId: other, documentId, passages: otherList.slice(i, i + 500) });
  }
  await db.execute(sql`analyze passages`);
  const result: RetrievalResult = {
    kind: "retrieval",
    database: database.kind,
    passages: size,
    vectors,
    searches: [],
  };

  for (const [label, embedder] of [
    ["full text", null],
    ...(vectors ? ([["full text + vectors (RRF)", embedder384]] as const) : []),
  ] as const) {
    // A path's first search compiles its code and prepares its statements: not any query's first ask.
    await searchPassages(db, { agentId, query: "khởi động warm-up", embedder });
    const first: number[] = [];
    const firstOf = new Map<string, number>();
    for (const query of queries) {
      t = performance.now();
      await searchPassages(db, { agentId, query, embedder });
      const took = performance.now() - t;
      first.push(took);
      firstOf.set(query, took);
    }
    console.log(
      `\n${label}: query                                        first ms   repeated p50 ms   p95 ms  hits`,
    );
    const all: number[] = [];
    for (const query of queries) {
      for (let i = 0; i < 3; i++) await searchPassages(db, { agentId, query, embedder });
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < 20; i++) {
        t = performance.now();
        hits = (await searchPassages(db, { agentId, query, embedder })).length;
        times.push(performance.now() - t);
      }
      all.push(...times);
      times.sort((a, b) => a - b);
      console.log(
        `  ${query.slice(0, 50).padEnd(52)} ${firstOf.get(query)!.toFixed(1).padStart(8)}   ${pct(times, 50).toFixed(1).padStart(15)}   ${pct(times, 95).toFixed(1).padStart(6)}  ${hits}`,
      );
    }
    all.sort((a, b) => a - b);
    first.sort((a, b) => a - b);
    result.searches.push({
      label,
      p50: pct(all, 50),
      p95: pct(all, 95),
      first: { p50: pct(first, 50), p95: pct(first, 95) },
    });
    console.log(
      `  ${"all queries: repeated p50 / p95".padEnd(52)} ${"".padStart(8)}   ${pct(all, 50).toFixed(1).padStart(15)}   ${pct(all, 95).toFixed(1).padStart(6)}`,
    );
    console.log(
      `  ${`all queries: first ask p50 / p95 (${first.length} asks)`.padEnd(52)} ${pct(first, 50).toFixed(1).padStart(8)} / ${pct(first, 95).toFixed(1)}`,
    );
  }
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(result, null, 2));
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function hasVectors(d: Database): Promise<boolean> {
  const r = await d.db.execute<{ ok: boolean }>(
    sql`select to_regclass('passage_embeddings') is not null as ok`,
  );
  return r.rows[0]?.ok === true;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
