import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";

/**
 * npm run bench:quality [-- --postgres [<admin url>]] [--markdown <file>] [--json <file>] [--misses]
 *                         [--misses-heldout] [--misses-tuned]
 * Built-in answer quality (no model configured): the evaluation's owners (tests/helpers/quality-eval/)
 * learn their documents through the real parse → chunk → passages path, every question is asked through
 * lib/chat/ask.ts ask() as a visitor's is, and each answer is scored right / unrelated / fallback
 * (tests/helpers/quality-eval/README.md). One table per database and set: the held-out half (never tuned
 * on), the tuning half, and the two older sets retrieval and answers were tuned on, labelled so.
 * Always on PGlite; with `--postgres` also on a fresh database of that Postgres server (the admin URL given,
 * else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * `--misses` prints the tuning half's wrong answers; `--misses-heldout` the held-out half's (for review
 * only: whoever tunes must not read them); `--misses-tuned` the two older sets'. Figures only, never pass/fail.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const postgresAsked = args.includes("--postgres");
const postgresUrl = arg("postgres")?.startsWith("postgres")
  ? arg("postgres")!
  : (process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const markdownFile = arg("markdown");
const jsonFile = arg("json");
const showMisses = args.includes("--misses");
const showHeldoutMisses = args.includes("--misses-heldout");
const showTunedMisses = args.includes("--misses-tuned");

// Built-in mode, as with no model configured: no model, no embedding model; config() writes its secret here.
const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-quality-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
for (const k of ["LLM_BASE_URL", "LLM_MODELS", "LLM_API_KEY", "EMBEDDING_BASE_URL", "EMBEDDING_MODEL"]) {
  delete process.env[k];
}

// Imported after the environment is set: config() is read once.
const { openDatabase } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { HELDOUT, TUNING } = await import("@/tests/helpers/quality-eval/cases");
const { TUNING_2 } = await import("@/tests/helpers/quality-eval/cases-tuning-2");
const { seedEvalAgents } = await import("@/tests/helpers/quality-eval/documents");
const { askAsVisitor, evaluate } = await import("@/tests/helpers/quality-eval/run");
const { renderMarkdown, renderText, report } = await import("@/tests/helpers/quality-eval/score");
const { answerQualitySet, chatQualitySet } = await import("@/tests/helpers/quality-eval/tuned-sets");
const { createDatabase } = await import("@/tests/helpers/server");

type CaseResult = import("@/tests/helpers/quality-eval/score").CaseResult;
type Figures = import("@/tests/helpers/quality-eval/score").Figures;
type Db = import("@/lib/db/client").Db;
type AgentRow = import("@/lib/agents/queries").AgentRow;

type Table = { database: string; set: string; title: string; rows: Figures[] };
const tables: Table[] = [];

function misses(label: string, results: CaseResult[]) {
  const wrong = results.filter((r) => !r.score.right || r.score.unrelated);
  console.log(`\n${label}: ${wrong.length} of ${results.length} not right or with unrelated quotes`);
  for (const r of wrong) {
    const why = r.score.right
      ? "unrelated"
      : r.c.expect === null
        ? "not fallback"
        : r.score.fallback
          ? "fallback"
          : "wrong";
    console.log(`  [${why}] ${r.c.id}: ${r.c.history ? `(${r.c.history.join(" / ")}) ` : ""}${r.c.q}`);
    console.log(`      ${r.answer.content.replace(/\n+/g, "\n      ")}`);
  }
}

/** The first answers compile the code and prepare the statements: one greeting per agent, not counted. */
async function warm(db: Db, agents: AgentRow[]) {
  for (const agent of agents) await askAsVisitor(db, agent, { q: "xin chào", lang: "vi" });
}

async function run(label: string, databaseUrl: string | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-quality-db-"));
  const database = await openDatabase({ databaseUrl, dataDir: dir });
  try {
    await migrate(database);
    const { db } = database;
    let t = performance.now();
    const { agents } = await seedEvalAgents(db);
    console.log(
      `\n=== ${label}: the evaluation's 4 agents learned their documents in ${((performance.now() - t) / 1000).toFixed(1)} s ===`,
    );
    await warm(db, Object.values(agents));
    const sets: [string, string, CaseResult[]][] = [];
    t = performance.now();
    sets.push(["heldout", "held-out half (never tuned on)", await evaluate(db, agents, HELDOUT)]);
    sets.push(["tuning", "tuning half", await evaluate(db, agents, TUNING)]);
    sets.push([
      "tuning-2",
      "second tuning half (tests/helpers/quality-eval/cases-tuning-2.ts)",
      await evaluate(db, agents, TUNING_2),
    ]);
    const chat = await chatQualitySet(db);
    await warm(db, Object.values(chat.agents));
    sets.push([
      "chat-quality",
      "tuned on: chat-quality-cases (tests/helpers/chat-quality-cases.ts)",
      await evaluate(db, chat.agents, chat.cases),
    ]);
    const answer = await answerQualitySet(db);
    await warm(db, Object.values(answer.agents));
    sets.push([
      "answer-quality",
      "tuned on: answer-quality-cases (tests/helpers/answer-quality-cases.ts)",
      await evaluate(db, answer.agents, answer.cases),
    ]);
    const asked = sets.reduce((n, [, , r]) => n + r.length, 0);
    console.log(
      `asked ${asked} questions in ${((performance.now() - t) / 1000).toFixed(1)} s, one at a time`,
    );
    for (const [set, name, results] of sets) {
      const ours = set === "heldout" || set.startsWith("tuning");
      const rows = ours ? report(results) : report(results, ["answerable", "unanswerable"]);
      const title = `${label} — ${name}`;
      tables.push({ database: label, set, title, rows });
      console.log(`\n${renderText(title, rows)}`);
    }
    if (showMisses) {
      misses(`${label}, tuning half`, sets[1]![2]);
      misses(`${label}, second tuning half`, sets[2]![2]);
    }
    if (showTunedMisses) for (const [set, , results] of sets.slice(3)) misses(`${label}, ${set}`, results);
    if (showHeldoutMisses) misses(`${label}, HELD-OUT half (review only: never tune on these)`, sets[0]![2]);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}; built-in mode, no embedding model`,
  );
  console.log(
    "right: the answer quotes an expected fact (unanswerable: the fallback); unrelated: a quote holds a listed non-answering fact; fallback: the engine gave its fallback message; latency: ask() to the stored answer, first asking of each question",
  );
  await run("PGlite", undefined);
  if (postgresAsked) {
    const target = await createDatabase(postgresUrl);
    try {
      await run("Postgres", target.url);
    } finally {
      await target.drop();
    }
  }
  if (markdownFile) {
    const head = `Built-in answer quality (npm run bench:quality), ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores, Node ${process.version}.`;
    writeFileSync(markdownFile, [head, "", ...tables.map((t) => renderMarkdown(t.title, t.rows))].join("\n"));
    console.log(`\n(markdown written to ${markdownFile})`);
  }
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(tables, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
