import "server-only";
import { type ChildProcess, type ForkOptions, fork, type Serializable } from "node:child_process";
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { fail, type ParseResult } from "./types.ts";

export type WorkerOptions = {
  timeoutMs: number;
  /** V8 old-generation heap of the child, in MB. */
  maxHeapMb: number;
  /**
   * Resident memory of the whole child process, in MB: heap, buffers, WASM, everything the OS counts. The
   * heap flag alone does not bound decoded buffers (issue 13: two PDF bombs took the server to 5.9 GB).
   */
  maxRssMb: number;
  /** Lets a caller (a test) watch the child, e.g. wait for its exit. */
  onChild?: (child: ChildProcess) => void;
};

/**
 * How long past `timeoutMs` the child ends itself (worker.ts, watchdog.ts) when this process is not there
 * to: killed, or its timer held up.
 */
const CHILD_MARGIN_MS = 2_000;

/** How often the watchdog reads the child's RSS; a decoder grows in steps far smaller than the ceiling. */
const WATCH_MS = 20;

/**
 * How long a child that has answered may take to end before it is killed. Ending can hang: Node's exit
 * joins V8's background threads, and one parked in a garbage-collection barrier waits for the main thread
 * that is joining it (seen in a full test run: a child that had answered sat in `process.exit` for over
 * 11 minutes, holding the only parse slot, so every later file stayed "processing").
 */
const EXIT_GRACE_MS = 1_000;

/** Resident set size of a process in bytes from /proc, or null where there is no /proc (not Linux). */
export function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Runs one parse in a child process of its own and turns every way it can end into a ParseResult: its
 * answer, a timeout, passing its memory ceiling (both end in SIGKILL, so nothing is left running), its
 * heap running out, or dying without a word. A process, not a thread: the OS can measure and kill the
 * whole of it, and a crash in a decoder cannot take the server with it.
 */
export function runWorker(entry: string, job: Serializable, options: WorkerOptions): Promise<ParseResult> {
  return new Promise((resolve) => {
    let outcome: ParseResult | null = null;
    // The child's own limit, a little past this side's: this side normally ends it first, with the reason.
    const ownLimitMs = options.timeoutMs + CHILD_MARGIN_MS;
    const child = fork(entry, [String(process.pid), String(ownLimitMs)], childArgs(options));
    options.onChild?.(child);
    // Below the server's priority: a busy parse must not slow /api/health or a chat answer.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted everywhere; the memory and time limits hold regardless.
      }
    }
    const kill = (result: ParseResult) => {
      outcome ??= result;
      stopTimers();
      child.kill("SIGKILL");
    };
    const limits = guardLimits(child, options, kill);
    let exitGrace: NodeJS.Timeout | undefined;
    const stopTimers = () => limits.stop();
    child.once("message", (result: ParseResult) => {
      outcome ??= result;
      stopTimers();
      // The answer is in; the slot is freed when the process is gone, so it must go.
      exitGrace = setTimeout(() => child.kill("SIGKILL"), EXIT_GRACE_MS);
    });
    child.once("error", (e: Error) => {
      outcome ??= fail("parse_failed", `child error: ${e.name}: ${e.message}`);
    });
    // "close", not "exit": it comes once the IPC channel is closed too, so an answer sent is never missed.
    child.once("close", (code, signal) => {
      stopTimers();
      clearTimeout(exitGrace);
      if (outcome) return resolve(outcome);
      // V8 aborts the process when the heap limit is reached (SIGABRT, or exit code 134 via a shell).
      if (signal === "SIGABRT" || code === 134)
        return resolve(fail("file_too_complex", `child ran out of its ${options.maxHeapMb} MB heap`));
      resolve(
        fail(
          "parse_failed",
          `child exited with ${signal ?? `code ${code}`} before answering (peak ${limits.peak()} bytes)`,
        ),
      );
    });
    child.send(job, (err) => {
      if (err) kill(fail("parse_failed", `could not hand the file to the child: ${err.message}`));
    });
  });
}

/** How a parse child is started, one-off (runWorker) or kept warm (WarmChild). */
const childArgs = (options: WorkerOptions): ForkOptions => ({
  // Not the parent's loaders (tsx, a test runner): Node strips the types itself, the same everywhere.
  execArgv: [
    `--max-old-space-size=${options.maxHeapMb}`,
    `--max-semi-space-size=${Math.min(16, Math.max(1, Math.floor(options.maxHeapMb / 16)))}`,
    "--disable-warning=ExperimentalWarning",
    // The parsers are server modules (`import "server-only"`); outside Next, this condition is what
    // resolves that marker to its empty module.
    "--conditions=react-server",
  ],
  // No secrets in the child: it needs nothing from the server's environment. NODE_ENV is a constant (the
  // parsers never read it; the type asks for it), so lib/config.ts stays the one reader of the env.
  env: { NODE_ENV: "production" },
  serialization: "advanced",
  stdio: ["ignore", "ignore", "ignore", "ipc"],
});

/** A warm child answers at most this many parses, then a fresh one starts: no state outlives many files. */
const WARM_JOBS = 100;
/** A warm child idle this long ends itself (worker.ts): nothing is held for a server that learns nothing. */
const WARM_IDLE_MS = 30_000;
/** A warm child that has grown past this share of its ceiling is not reused. */
const WARM_RSS_SHARE = 0.6;

/**
 * One child process kept between parses, for small text documents only (issue 42: starting a child cost
 * ~0.2–0.5 s, so 50 snippets of 1.5 KB took 10–25 s to parse and nothing else). Each parse keeps the same
 * limits as runWorker's: its own time limit (the child's watchdog too, reset per job), the memory ceiling
 * read every WATCH_MS, SIGKILL past either, the heap limit of the child; a child that fails in any way is
 * gone and the next parse starts a fresh one. Used by one caller at a time (parse/index.ts's small gate).
 * Its files are plain text formats of at most 64 KB, parsed by code of this project; a child is recycled
 * after WARM_JOBS parses, past WARM_RSS_SHARE of its ceiling, and after WARM_IDLE_MS idle.
 */
export class WarmChild {
  private child: ChildProcess | null = null;
  private key = "";
  private jobs = 0;
  private readonly entry: string;

  constructor(entry: string) {
    this.entry = entry;
  }

  private start(options: WorkerOptions): ChildProcess {
    const key = `${options.maxHeapMb}|${options.maxRssMb}|${options.timeoutMs}`;
    if (this.child && this.key === key && this.jobs < WARM_JOBS) return this.child;
    this.stop();
    const child = fork(
      this.entry,
      [String(process.pid), String(options.timeoutMs + CHILD_MARGIN_MS), "reuse", String(WARM_IDLE_MS)],
      childArgs(options),
    );
    options.onChild?.(child);
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted everywhere; the limits hold regardless.
      }
    }
    child.once("close", () => {
      if (this.child === child) this.child = null;
    });
    // It must not keep the server running by itself.
    child.unref();
    child.channel?.unref();
    this.child = child;
    this.key = key;
    this.jobs = 0;
    return child;
  }

  /** Ends the warm child, if any (a shutdown, a test). */
  stop(): void {
    this.child?.kill("SIGKILL");
    this.child = null;
  }

  run(job: Serializable, options: WorkerOptions): Promise<ParseResult> {
    const child = this.start(options);
    this.jobs++;
    child.channel?.ref();
    return new Promise((resolve) => {
      let settled = false;
      const ceiling = options.maxRssMb * 1024 * 1024;
      const finish = (result: ParseResult, kill: boolean) => {
        if (settled) return;
        settled = true;
        limits.stop();
        child.off("message", onMessage);
        child.off("close", onClose);
        child.channel?.unref();
        if (kill && this.child === child) this.stop();
        else if (kill) child.kill("SIGKILL");
        resolve(result);
      };
      const limits = guardLimits(child, options, (result) => finish(result, true));
      const onMessage = (result: ParseResult) => {
        const rss = child.pid ? residentBytes(child.pid) : null;
        finish(result, rss !== null && rss > ceiling * WARM_RSS_SHARE);
      };
      const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
        if (signal === "SIGABRT" || code === 134)
          return finish(fail("file_too_complex", `child ran out of its ${options.maxHeapMb} MB heap`), false);
        finish(
          fail(
            "parse_failed",
            `child exited with ${signal ?? `code ${code}`} before answering (peak ${limits.peak()} bytes)`,
          ),
          false,
        );
      };
      child.on("message", onMessage);
      child.once("close", onClose);
      child.send(job, (err) => {
        if (err) finish(fail("parse_failed", `could not hand the file to the child: ${err.message}`), true);
      });
    });
  }
}

/**
 * One parse's time limit and memory ceiling over its child: `breach` gets the failure to answer with (the
 * caller kills the child); `stop` ends both watches once the parse has answered or the child is gone.
 */
function guardLimits(
  child: ChildProcess,
  options: Pick<WorkerOptions, "timeoutMs" | "maxRssMb">,
  breach: (result: ParseResult) => void,
): { stop(): void; peak(): number } {
  const ceiling = options.maxRssMb * 1024 * 1024;
  let peak = 0;
  const timer = setTimeout(
    () => breach(fail("parse_timeout", `no result after ${options.timeoutMs} ms; child killed`)),
    options.timeoutMs,
  );
  const watchdog = setInterval(() => {
    if (!child.pid) return;
    const rss = residentBytes(child.pid);
    if (rss === null) return;
    peak = Math.max(peak, rss);
    if (rss > ceiling)
      breach(
        fail(
          "file_too_complex",
          `child used ${Math.round(rss / 1048576)} MB, ceiling ${options.maxRssMb} MB`,
        ),
      );
  }, WATCH_MS);
  return {
    stop() {
      clearTimeout(timer);
      clearInterval(watchdog);
    },
    peak: () => peak,
  };
}

/** Memory the OS can still give this process: the cgroup's limit where there is one. */
function availableBytes(): number {
  return process.availableMemory();
}

/**
 * Admits parses while there is memory for them: at most `size` at once, and a second one only when the
 * machine (or container) still has room for another child at its ceiling on top of a reserve for the
 * server itself. The first parse always runs, so a small machine is slow rather than stuck. Waiting
 * parses go smallest file first (in arrival order among equals): a short one never waits behind a long
 * one that merely arrived earlier. The queue is short (one entry per document being learned), so a
 * large file is passed over only by the few smaller ones queued with it.
 */
export class Gate {
  private active = 0;
  private readonly size: number;
  private readonly perTaskBytes: number;
  private readonly reserveBytes: number;
  private readonly available: () => number;
  private readonly waiting: { weight: number; resume: () => void }[] = [];

  constructor(size: number, perTaskBytes = 0, reserveBytes = 0, available: () => number = availableBytes) {
    this.size = Math.max(1, size);
    this.perTaskBytes = perTaskBytes;
    this.reserveBytes = reserveBytes;
    this.available = available;
  }

  /**
   * How many may run now, judged by the memory left. Conservative on purpose: a child that has just
   * started has not used its memory yet, so each running one is assumed to reach its ceiling.
   */
  private slots(): number {
    if (this.perTaskBytes <= 0) return this.size;
    const fit = Math.floor((this.available() - this.reserveBytes) / this.perTaskBytes);
    return Math.max(1, Math.min(this.size, fit));
  }

  /** `weight` orders the waiting: the file's size in bytes. */
  async run<T>(task: () => Promise<T>, weight = 0): Promise<T> {
    if (this.active >= this.slots()) await new Promise<void>((resume) => this.enqueue({ weight, resume }));
    else this.active++;
    try {
      return await task();
    } finally {
      // A finishing task hands its slot straight to the next waiter, so no newcomer can slip in between.
      const next = this.waiting.shift();
      if (next) next.resume();
      else this.active--;
    }
  }

  private enqueue(entry: { weight: number; resume: () => void }): void {
    const after = this.waiting.findIndex((w) => w.weight > entry.weight);
    if (after < 0) this.waiting.push(entry);
    else this.waiting.splice(after, 0, entry);
  }
}
