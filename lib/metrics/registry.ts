import "server-only";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Waiting jobs per queue, read when Prometheus scrapes (set by the job system once it runs). */
export type QueueDepths = () => Promise<Record<string, number>>;

/**
 * The server's numbers for Prometheus (GET /api/metrics; what each means: docs/architecture.md "Logs and
 * metrics"). Label values are bounded sets (a route's contract path, never its URL), so no caller can
 * grow the series without end.
 */
function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const m = {
    registry,
    queueDepths: undefined as QueueDepths | undefined,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "API requests answered, by route (the contract's path template), method and status",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an API request (to the response head: a stream is not waited for)",
      labelNames: ["route", "method"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    chatFirstToken: new Histogram({
      name: "chat_first_token_seconds",
      help: "From a chat message's arrival to the first words of its answer, by answer mode",
      labelNames: ["mode"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
      registers,
    }),
    retrieval: new Histogram({
      name: "retrieval_seconds",
      help: "Time to find the passages that answer a chat question (searches and rewrites)",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers,
    }),
    retrievalCache: new Counter({
      name: "retrieval_cache_total",
      help: "Searches answered from memory (hit) or by the database (miss), keyed by the agent's corpus stamp",
      labelNames: ["result"] as const,
      registers,
    }),
    ingestionJobs: new Counter({
      name: "ingestion_jobs_total",
      help: "Document learning outcomes: completed, failed, or retried (a passing error, tried again)",
      labelNames: ["state"] as const,
      registers,
    }),
    queueDepth: new Gauge({
      name: "queue_depth",
      help: "Jobs waiting in each pg-boss queue (pg-boss's own count, refreshed on its monitor pass)",
      labelNames: ["queue"] as const,
      registers,
      async collect() {
        this.reset();
        const depths = await m.queueDepths?.().catch(() => null);
        for (const [queue, n] of Object.entries(depths ?? {})) this.set({ queue }, n);
      },
    }),
    openStreams: new Gauge({
      name: "open_streams",
      help: "Answers being written now (streamed or not): what a shutdown waits for",
      registers,
      // Set by lib/lifecycle/drain.ts whenever its count (the one a shutdown waits for) changes.
    }),
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused by a rate limit (429), by the limit's scope",
      labelNames: ["scope"] as const,
      registers,
    }),
  };
  // Outcomes that have not happened yet read 0 instead of being absent, so rates and alerts work at once.
  for (const state of ["completed", "failed", "retried"]) m.ingestionJobs.inc({ state }, 0);
  for (const result of ["hit", "miss"]) m.retrievalCache.inc({ result }, 0);
  return m;
}

export type Metrics = ReturnType<typeof create>;

// One registry per process, on globalThis: Next bundles each route and instrumentation apart, and a
// counter bumped in one bundle must be the one the metrics route renders.
const KEY = Symbol.for("agentcity.metrics");
type Holder = { [KEY]?: Metrics };

export function metrics(): Metrics {
  const g = globalThis as Holder;
  g[KEY] ??= create();
  return g[KEY];
}

/** Where queue_depth reads from; the job system sets it when it starts. */
export function watchQueueDepths(source: QueueDepths): void {
  metrics().queueDepths = source;
}

/** Seconds since `startedAt` (a performance.now() reading), for the histograms. */
export const secondsSince = (startedAt: number) => (performance.now() - startedAt) / 1000;
