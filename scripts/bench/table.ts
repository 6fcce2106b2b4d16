/**
 * Issue 18's goals as one table: what each bench script measured (the JSON it writes with `--json <file>`),
 * the goal, and whether it is met. Pure functions of those results, so tests/unit/bench-table.test.ts can
 * hold the goal logic and the formatting; `npm run bench` (scripts/bench/all.ts) prints and saves the table.
 */

export type Db = "pglite" | "postgres";

/** scripts/bench/pages.ts: the script weight of every page, and Lighthouse medians when asked for. */
export type PagesResult = {
  kind: "pages";
  database: Db;
  /** sentKb: the bytes a browser taking Brotli receives (the build's precompressed copies). */
  pages: { page: string; budget: number; rawKb: number; gzipKb: number; sentKb?: number; files: number }[];
  lighthouse: { page: string; score: number; lcpMs: number; tbtMs: number; runs: number }[];
};

/** scripts/bench/retrieval.ts: sequential search latency over one agent's passages. */
export type RetrievalResult = {
  kind: "retrieval";
  database: Db;
  passages: number;
  vectors: boolean;
  /**
   * p50/p95 of each query asked again and again (the process remembers word counts for a minute); `first`:
   * each query asked once, the first time (a process already warm, the query new to it).
   */
  searches: { label: string; p50: number; p95: number; first?: { p50: number; p95: number } }[];
};

/** One size of scripts/bench/chat.ts; a step that did not run leaves its field out. */
export type ChatSize = {
  passages: number;
  /**
   * Request sent → the streamed answer call reaches the (instant) model: the server's own work, for
   * questions never asked before (the server remembers no search of theirs: cache misses).
   */
  beforeModel?: { p50: number; p95: number; count: number };
  /** The same for questions asked again (their searches remembered: cache hits). */
  beforeModelRepeated?: { p50: number; p95: number; count: number };
  /** JSON answers, no remembered searches: questions the documents answer vs questions that match nothing. */
  misses?: { hitP50: number; hitP95: number; missP50: number; missP95: number; count: number };
  /** /api/health (one client, every 50 ms) while two clients send misses back to back. */
  healthUnderMisses?: { p50: number; p95: number; failed: number; count: number };
  /**
   * Requests per second, 20 clients, on the same process; and the server's CPU ms per built-in answer and
   * per health probe, which the machine's other load moves far less than the rates. `builtin` answers
   * questions asked again and again (searches remembered: cache hits); `builtinFresh` questions never asked
   * before (cache misses). `…DbCpuMs`: the Postgres backends' CPU ms per answer (Postgres only).
   */
  throughput?: {
    builtin: number;
    model: number;
    health: number;
    builtinCpuMs?: number | null;
    healthCpuMs?: number | null;
    builtinDbCpuMs?: number | null;
    builtinFresh?: number;
    builtinFreshCpuMs?: number | null;
    builtinFreshDbCpuMs?: number | null;
  };
};

export type ChatResult = { kind: "chat"; database: Db; sizes: ChatSize[] };

export type BenchResults = {
  pages?: PagesResult;
  retrieval: RetrievalResult[];
  chat: ChatResult[];
};

/** Issue 18's goals, in the units the benches print. */
export const GOALS = {
  publicKb: 140,
  ownerKb: 170,
  lighthouseScore: 95,
  lcpMs: 2_000,
  tbtMs: 100,
  beforeModelP95Ms: { postgres: 30, pglite: 75 },
  missOverHit: 2,
  healthUnderMissesP95Ms: 250,
  builtinSharePercent: { postgres: 25, pglite: 10 },
} as const;

/** Budgets the page bench gives the public chat pages and the owner's pages (tests/api/page-weight.test.ts). */
const PUBLIC_BUDGET = GOALS.publicKb;
const OWNER_BUDGET = GOALS.ownerKb;

/** `met` is null where a row has no goal of its own (a figure for reference). */
export type Row = { what: string; value: string; goal: string; met: boolean | null };

export const dbName = (db: Db) => (db === "postgres" ? "Postgres" : "PGlite");
export const ms = (x: number) => `${x < 100 ? x.toFixed(1) : x.toFixed(0)} ms`;
const kb = (x: number) => `${x.toFixed(1)} KB`;
const count = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : n.toLocaleString("en"));

export function pageRows(result: PagesResult): Row[] {
  const rows: Row[] = [];
  const publicPages = result.pages.filter((p) => p.budget === PUBLIC_BUDGET);
  if (publicPages.length) {
    const worst = Math.max(...publicPages.map((p) => p.gzipKb));
    rows.push({
      what: `public chat pages' script, gzip (largest of ${publicPages.length})`,
      value: kb(worst),
      goal: `≤ ${GOALS.publicKb} KB`,
      met: worst <= GOALS.publicKb,
    });
    const sent = publicPages.flatMap((p) => (p.sentKb === undefined ? [] : [p.sentKb]));
    if (sent.length) {
      rows.push({
        what: "public chat pages' script as sent to a browser taking Brotli (largest)",
        value: kb(Math.max(...sent)),
        goal: "–",
        met: null,
      });
    }
  }
  const ownerPages = result.pages.filter((p) => p.budget === OWNER_BUDGET);
  if (ownerPages.length) {
    const sizes = ownerPages.map((p) => p.gzipKb);
    const [low, high] = [Math.min(...sizes), Math.max(...sizes)];
    rows.push({
      what: `owner pages' script, gzip (${ownerPages.length} pages)`,
      value: `${low.toFixed(1)}–${kb(high)}`,
      goal: `≤ ${GOALS.ownerKb} KB`,
      met: high <= GOALS.ownerKb,
    });
  }
  for (const l of result.lighthouse) {
    const what = `Lighthouse mobile ${l.page}, median of ${l.runs}`;
    rows.push(
      {
        what: `${what}: score`,
        value: String(l.score),
        goal: `≥ ${GOALS.lighthouseScore}`,
        met: l.score >= GOALS.lighthouseScore,
      },
      {
        what: `${what}: LCP`,
        value: `${(l.lcpMs / 1000).toFixed(2)} s`,
        goal: `≤ ${GOALS.lcpMs / 1000} s`,
        met: l.lcpMs <= GOALS.lcpMs,
      },
      { what: `${what}: TBT`, value: ms(l.tbtMs), goal: `≤ ${GOALS.tbtMs} ms`, met: l.tbtMs <= GOALS.tbtMs },
    );
  }
  return rows;
}

/**
 * Search alone has no goal of its own in issue 18; its p95 is held to the whole pre-model budget of its
 * database, which a search above it cannot meet.
 */
export function retrievalRows(result: RetrievalResult): Row[] {
  const budget = GOALS.beforeModelP95Ms[result.database];
  const at = `${count(result.passages)} passages, ${dbName(result.database)}`;
  const row = (what: string, f: { p50: number; p95: number }): Row => ({
    what,
    value: `${ms(f.p50)} / ${ms(f.p95)}`,
    goal: `p95 ≤ ${budget} ms (all pre-model work)`,
    met: f.p95 <= budget,
  });
  return result.searches.flatMap((s) => [
    ...(s.first ? [row(`${s.label} search, first ask of each query, ${at}: p50 / p95`, s.first)] : []),
    row(`${s.label} search, ${s.first ? "same query repeated" : "repeated queries"}, ${at}: p50 / p95`, s),
  ]);
}

export function chatRows(result: ChatResult): Row[] {
  const db = result.database;
  const rows: Row[] = [];
  for (const size of [...result.sizes].sort((a, b) => a.passages - b.passages)) {
    const at = `${count(size.passages)} passages, ${dbName(db)}`;
    if (size.beforeModel) {
      const limit = GOALS.beforeModelP95Ms[db];
      rows.push({
        what: `server work before the model call, fresh questions (search cache misses), ${at}: p95`,
        value: ms(size.beforeModel.p95),
        goal: `≤ ${limit} ms`,
        met: size.beforeModel.p95 <= limit,
      });
    }
    if (size.beforeModelRepeated) {
      rows.push({
        what: `server work before the model call, repeated questions (search cache hits), ${at}: p95`,
        value: ms(size.beforeModelRepeated.p95),
        goal: "–",
        met: null,
      });
    }
    if (size.misses) {
      const ratio = size.misses.missP95 / Math.max(size.misses.hitP95, 1e-9);
      rows.push({
        what: `miss / hit answer p95, ${at}`,
        value: `${ratio.toFixed(2)}× (${ms(size.misses.missP95)} / ${ms(size.misses.hitP95)})`,
        goal: `≤ ${GOALS.missOverHit}×`,
        met: ratio <= GOALS.missOverHit,
      });
    }
    if (size.healthUnderMisses) {
      const h = size.healthUnderMisses;
      const limit = GOALS.healthUnderMissesP95Ms;
      rows.push({
        what: `/api/health p95 while two misses run, ${at}`,
        value: `${ms(h.p95)}${h.failed ? ` (${h.failed} failed)` : ""}`,
        goal: `≤ ${limit} ms`,
        met: h.p95 <= limit && h.failed === 0,
      });
    }
    if (size.throughput) {
      const t = size.throughput;
      const goal = GOALS.builtinSharePercent[db];
      const shareRow = (label: string, rps: number, cpuMs?: number | null, dbCpuMs?: number | null): Row => {
        const share = (100 * rps) / Math.max(t.health, 1e-9);
        const cpu =
          cpuMs != null && t.healthCpuMs != null
            ? `; server CPU ${cpuMs.toFixed(2)} ms per answer, ${t.healthCpuMs.toFixed(2)} per health${
                dbCpuMs != null ? `; database CPU ${dbCpuMs.toFixed(2)} ms per answer` : ""
              }`
            : "";
        return {
          what: `built-in answers / /api/health throughput, ${label}, 20 clients, ${at}`,
          value: `${share.toFixed(1)} % (${rps.toFixed(1)} answers/s / ${t.health.toFixed(0)} req/s${cpu})`,
          goal: `≥ ${goal} %`,
          met: share >= goal,
        };
      };
      rows.push(
        shareRow("repeated questions (search cache hits)", t.builtin, t.builtinCpuMs, t.builtinDbCpuMs),
      );
      if (t.builtinFresh !== undefined) {
        rows.push(
          shareRow(
            "fresh questions (search cache misses)",
            t.builtinFresh,
            t.builtinFreshCpuMs,
            t.builtinFreshDbCpuMs,
          ),
        );
      }
      rows.push({
        what: `instant-model answers / /api/health throughput, repeated questions, ${at}`,
        value: `${((100 * t.model) / Math.max(t.health, 1e-9)).toFixed(1)} %`,
        goal: "–",
        met: null,
      });
    }
  }
  return rows;
}

/** Every row, in the issue's order: pages, retrieval, chat; PGlite before Postgres, small sizes first. */
export function buildRows(results: BenchResults): Row[] {
  const order = (a: { database: Db }, b: { database: Db }) =>
    a.database === b.database ? 0 : a.database === "pglite" ? -1 : 1;
  const retrieval = [...results.retrieval].sort((a, b) => order(a, b) || a.passages - b.passages);
  const chat = [...results.chat].sort(order);
  return [
    ...(results.pages ? pageRows(results.pages) : []),
    ...retrieval.flatMap(retrievalRows),
    ...chat.flatMap(chatRows),
  ];
}

export type Machine = {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  platform: string;
  date: Date;
  /** The 1-minute load average when the run ended: how much else the machine was doing. */
  load?: number;
};

export function machineLine(m: Machine): string {
  const date = `${m.date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const load = m.load === undefined ? "" : `, load average ${m.load.toFixed(1)} at the end`;
  return `${m.cores} cores (${m.cpu}), ${m.memoryGb.toFixed(1)} GB RAM, Node ${m.node}, ${m.platform}; ${date}${load}`;
}

const metText = (met: boolean | null) => (met === null ? "–" : met ? "yes" : "no");
const HEAD = ["what", "measured", "goal", "met"] as const;

/** A fixed-width table for the terminal, the machine on its first line and notes (what was skipped) after. */
export function renderText(machine: Machine, rows: Row[], notes: string[] = []): string {
  const cells = rows.map((r) => [r.what, r.value, r.goal, metText(r.met)]);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [
    `machine: ${machineLine(machine)}`,
    line(HEAD),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.map(line),
    ...notes.map((n) => `note: ${n}`),
  ].join("\n");
}

/** The same table as markdown, for docs/performance.md's latest run. */
export function renderMarkdown(machine: Machine, rows: Row[], notes: string[] = []): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  return [
    `Machine: ${machineLine(machine)}`,
    "",
    `| ${HEAD.join(" | ")} |`,
    "|---|---|---|---|",
    ...rows.map((r) => `| ${[r.what, r.value, r.goal, metText(r.met)].map(cell).join(" | ")} |`),
    ...(notes.length ? ["", ...notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
}
