import { Worker } from "node:worker_threads";
import { fail, type ParseResult } from "./types.ts";

export type WorkerOptions = {
  timeoutMs: number;
  maxHeapMb: number;
  /** Lets a caller (a test) watch the thread, e.g. wait for its exit. */
  onWorker?: (worker: Worker) => void;
};

/**
 * Runs one worker to completion and turns every way it can end into a ParseResult: its message, a timeout
 * (the thread is terminated, not left running), running out of heap, or dying without a word. The promise
 * settles only after the thread has stopped, so a caller never leaves a parser running behind it.
 */
export function runWorker(
  entry: string | URL,
  workerData: unknown,
  options: WorkerOptions,
): Promise<ParseResult> {
  return new Promise((resolve) => {
    let outcome: ParseResult | null = null;
    const worker = new Worker(entry, {
      workerData,
      // Not the parent's loaders (tsx, a test runner): Node strips the types itself, the same everywhere.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(options.maxHeapMb / 8))),
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    options.onWorker?.(worker);
    const settle = (result: ParseResult) => {
      outcome ??= result;
      clearTimeout(timer);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(fail("parse_timeout", `no result after ${options.timeoutMs} ms; worker terminated`)),
      options.timeoutMs,
    );
    worker.once("message", (result: ParseResult) => settle(result));
    worker.once("error", (e: Error & { code?: string }) => {
      if (e.code === "ERR_WORKER_OUT_OF_MEMORY")
        settle(fail("file_too_complex", `worker ran out of its ${options.maxHeapMb} MB heap: ${e.message}`));
      else settle(fail("parse_failed", `worker error: ${e.name}: ${e.message}`));
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      resolve(outcome ?? fail("parse_failed", `worker exited with code ${code} before answering`));
    });
  });
}

/** At most `size` workers at once: each may take its whole heap limit, and the machine has few cores. */
export class Gate {
  private active = 0;
  private readonly size: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so no newcomer can slip in between.
    if (this.active >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
