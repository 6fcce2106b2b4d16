import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase } from "@/tests/helpers/server";
import {
  type BenchResults,
  buildRows,
  type ChatResult,
  type Machine,
  type PagesResult,
  type RetrievalResult,
  renderMarkdown,
  renderText,
} from "./table";

/**
 * npm run bench [-- --quick] [--postgres [<admin url>]] [--lighthouse <cli>] [--markdown <file>]
 *                  [--parts pages,retrieval,chat]
 * Issue 18's benchmarks in one run, each script in its own process with its usual output, then one table of
 * every goal (measured, goal, met) with the machine it ran on:
 *   pages      scripts/bench/pages.ts: script weight of every page, Lighthouse medians with --lighthouse;
 *              on PGlite, or on a fresh database of Postgres with --postgres;
 *   retrieval  scripts/bench/retrieval.ts at 1k, 10k and 100k passages (--quick: 1k, 10k), PGlite and Postgres;
 *   chat       scripts/bench/chat.ts steps 1, 2 and 4 at 10k, 2k and 100k passages (--quick: 10k, 2k, with
 *              fewer questions and shorter loads), PGlite and Postgres;
 *   model      scripts/bench/chat-model.ts: first token with a real-paced model (300 ms, 20 tokens/s) for 1
 *              and 20 visitors, first questions and pronoun follow-ups, beside a plain relay's floor;
 *   streams    scripts/bench/streams.ts: memory per open answer stream, time to open them and /api/health
 *              while they stream (--quick: 100 streams, else 500), beside a plain relay's floor;
 *   server     scripts/bench/server.ts: `npm start` to healthy and its idle memory, fresh and restarted;
 *   ingest     scripts/bench/ingest-rate.ts: 50 tiny files, markdown KB/s, a document's stages, crawl pages/s.
 * The last four print their own figures, each beside its floor and goal (issue 42), not in the table.
 * Postgres is the local server (postgres://postgres@127.0.0.1:5432/postgres) unless --postgres names
 * another admin URL; where it cannot be reached its parts are skipped with a note. `--markdown <file>` also
 * writes the table as markdown (for docs/performance.md). Figures only; the sizes are tests.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = args.includes("--quick");
const pagesOnPostgres = args.includes("--postgres");
const adminUrl = arg("postgres")?.startsWith("postgres")
  ? arg("postgres")!
  : "postgres://postgres@127.0.0.1:5432/postgres";
const lighthouse = arg("lighthouse");
const markdownFile = arg("markdown");
const parts = new Set((arg("parts") ?? "pages,retrieval,chat,model,streams,server,ingest").split(","));

const RETRIEVAL_SIZES = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
/** The first size also measures throughput (bench:chat's step 2); 2k is issue 18's "2 MB agent". */
const CHAT_SIZES = quick ? [10_000, 2_000] : [10_000, 2_000, 100_000];
const CHAT_OPTIONS = quick ? ["--questions", "30", "--seconds", "5", "--miss-seconds", "5"] : [];

const root = process.cwd();
const work = mkdtempSync(path.join(tmpdir(), "agentcity-bench-all-"));
const notes: string[] = [];
const results: BenchResults = { retrieval: [], chat: [] };

function machine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? "unknown CPU",
    memoryGb: totalmem() / 2 ** 30,
    node: process.version,
    platform: process.platform,
    date: new Date(),
    load: loadavg()[0],
  };
}

/** Runs one bench script with its output on ours; its JSON figures, or null (with a note) if it failed. */
async function runScript<T>(label: string, script: string, scriptArgs: string[]): Promise<T | null> {
  const jsonFile = path.join(work, `${label.replace(/\W+/g, "-")}.json`);
  console.log(`\n##### ${label}: ${script} ${scriptArgs.join(" ")}\n`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      path.join(root, "node_modules/.bin/tsx"),
      [path.join("scripts/bench", script), ...scriptArgs, "--json", jsonFile],
      { cwd: root, stdio: "inherit" },
    );
    child.on("exit", (c) => resolve(c));
  });
  if (code !== 0 || !existsSync(jsonFile)) {
    notes.push(`${label} failed (exit ${code}); its rows are missing`);
    return null;
  }
  return JSON.parse(readFileSync(jsonFile, "utf8")) as T;
}

/** Runs a bench script that prints its own figures (issue 42's); a note when it fails. */
async function runPrinted(
  label: string,
  script: string,
  scriptArgs: string[],
  env: Record<string, string> = {},
) {
  console.log(`\n##### ${label}: ${script} ${scriptArgs.join(" ")}\n`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      path.join(root, "node_modules/.bin/tsx"),
      [path.join("scripts/bench", script), ...scriptArgs],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, ...env },
      },
    );
    child.on("exit", (c) => resolve(c));
  });
  if (code !== 0) notes.push(`${label} failed (exit ${code})`);
}

/** Whether Postgres answers at the admin URL, and whether it has pgvector; a note when it falls short. */
async function probePostgres(): Promise<boolean> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
    const r = await c.query("select 1 from pg_available_extensions where name = 'vector'");
    if (r.rowCount === 0)
      notes.push(
        "Postgres has no pgvector: the app searches by full text alone there (its fallback), so Postgres rows are full text only",
      );
    return true;
  } catch (err) {
    notes.push(
      `Postgres at ${redact(adminUrl)} unreachable (${(err as Error).message}): its parts are skipped`,
    );
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

async function pages(): Promise<void> {
  const options = [
    ...(pagesOnPostgres ? ["--postgres", adminUrl] : []),
    ...(lighthouse ? ["--lighthouse", lighthouse] : []),
  ];
  results.pages = (await runScript<PagesResult>("pages", "pages.ts", options)) ?? undefined;
  if (!lighthouse) notes.push("Lighthouse not run: give `--lighthouse <its CLI>` (npm i -g lighthouse)");
}

async function retrieval(postgres: boolean): Promise<void> {
  for (const size of RETRIEVAL_SIZES) {
    const database = postgres ? await createDatabase(adminUrl) : null;
    try {
      const label = `retrieval ${size} ${postgres ? "Postgres" : "PGlite"}`;
      const options = ["--passages", String(size), ...(database ? ["--postgres", database.url] : [])];
      const found = await runScript<RetrievalResult>(label, "retrieval.ts", options);
      if (found) results.retrieval.push(found);
    } finally {
      await database?.drop();
    }
  }
}

async function chat(postgres: boolean): Promise<void> {
  const options = [
    "--sizes",
    CHAT_SIZES.join(","),
    "--steps",
    "1,2,4",
    ...CHAT_OPTIONS,
    ...(postgres ? ["--postgres", adminUrl] : []),
  ];
  const found = await runScript<ChatResult>(`chat ${postgres ? "Postgres" : "PGlite"}`, "chat.ts", options);
  if (found) results.chat.push(found);
}

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const started = performance.now();
try {
  const postgres = await probePostgres();
  if (parts.has("pages")) await pages();
  for (const onPostgres of postgres ? [false, true] : [false]) {
    if (parts.has("retrieval")) await retrieval(onPostgres);
    if (parts.has("chat")) await chat(onPostgres);
  }
  if (parts.has("model")) {
    const rounds = quick ? ["--rounds", "8"] : [];
    await runPrinted("model-paced first token, PGlite", "chat-model.ts", rounds, { TEST_DATABASE_URL: "" });
    if (postgres)
      await runPrinted("model-paced first token, Postgres", "chat-model.ts", rounds, {
        TEST_DATABASE_URL: adminUrl,
      });
  }
  if (parts.has("streams")) {
    const streams = ["--streams", quick ? "100" : "500"];
    await runPrinted("answer streams, PGlite", "streams.ts", streams, { TEST_DATABASE_URL: "" });
    if (postgres)
      await runPrinted("answer streams, Postgres", "streams.ts", [...streams, "--postgres", adminUrl]);
  }
  if (parts.has("server"))
    await runPrinted("npm start", "server.ts", [
      ...(quick ? ["--runs", "1"] : []),
      ...(postgres ? [] : ["--pglite"]),
      ...(postgres ? ["--postgres", adminUrl, "--pglite"] : []),
    ]);
  if (parts.has("ingest"))
    await runPrinted("learning rate", "ingest-rate.ts", postgres ? ["--postgres", adminUrl] : []);
  if (quick) notes.push("--quick: no 100k passages, fewer questions, shorter loads");
  notes.push(`the whole run took ${((performance.now() - started) / 60_000).toFixed(1)} min`);
  const rows = buildRows(results);
  const at = machine();
  console.log(`\n##### issue 18's goals\n\n${renderText(at, rows, notes)}`);
  if (markdownFile) {
    writeFileSync(markdownFile, renderMarkdown(at, rows, notes));
    console.log(`\n(markdown table written to ${markdownFile})`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
