import "server-only";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { Event, Reply, Request, SerializedError, ThreadData, TxId } from "./protocol.ts";
import { workerEntry } from "./worker-entry";

/**
 * The embedded database on a thread of its own (issue 18). PGlite runs SQL synchronously in WASM: on the
 * server's thread a heavy statement stalled every request, /api/health included. Here the statements run
 * in worker.ts and this side only posts them and waits, so the event loop stays free.
 *
 * The class offers the part of PGlite's API the app and its libraries use (drizzle's pglite driver and
 * migrator, pg-boss's fromPglite, raw queries): query, exec, transaction, listen, ready, closed, close.
 * Ordering is PGlite's own, applied in the worker: a query outside a transaction waits for the running
 * transaction to end.
 *
 * The thread keeps the process alive only while something waits on it (a statement, an open
 * transaction), as PGlite in the same thread never kept it alive on its own.
 */

/** A PGlite error as the thread sent it: the same message, name and fields (code, detail, constraint…). */
export class PgliteThreadError extends Error {
  [field: string]: unknown;
  constructor(error: SerializedError) {
    super(error.message);
    Object.assign(this, error.fields);
    this.name = error.name;
    // Where PGlite threw it, in the thread: this side's stack would only show the message handler.
    if (error.stack) this.stack = error.stack;
  }
}

export type ThreadTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Outgoing = Request extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

const workerFile = () =>
  workerEntry(import.meta.url, "lib/db/pglite-thread/worker.ts", "PGlite thread entry");

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #openTransactions = 0;
  #ready = false;
  /** set once closed, or once the thread has died: why every later call fails */
  #gone: Error | null = null;
  #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once("exit", () => resolve()));
  }

  /** Starts the thread and opens (or creates) the database in `folder`. */
  static async open(folder: string): Promise<PgliteThread> {
    const worker = new Worker(workerFile(), {
      workerData: { folder } satisfies ThreadData,
      // Not the parent's loaders (tsx, a test runner): Node strips the types itself, the same everywhere.
      execArgv: ["--disable-warning=ExperimentalWarning"],
      // The thread reads nothing from the environment; lib/config.ts stays the one reader.
      env: {},
    });
    const thread = new PgliteThread(worker);
    await thread.#start();
    return thread;
  }

  #start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const worker = this.#worker;
      worker.on("message", (message: Reply | Event) => {
        if ("id" in message) return this.#settle(message);
        if (message.event === "notify") {
          for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
        } else if (message.event === "ready") {
          this.#ready = true;
          this.#refresh();
          resolve();
        } else {
          const err = new PgliteThreadError(message.error);
          this.#fail(err);
          reject(err);
          void worker.terminate();
        }
      });
      // An exception nobody caught in the thread ends it: every caller hears why, nobody hangs.
      worker.on("error", (err) => {
        this.#fail(err);
        reject(err);
      });
      worker.on("exit", (code) => {
        const err = new Error(`the PGlite thread stopped (exit code ${code})`);
        this.#fail(err);
        reject(err);
      });
    });
  }

  /** Fails everything waiting and everything asked later; the first reason is kept. */
  #fail(err: Error) {
    this.#gone ??= err;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.#openTransactions = 0;
    for (const p of pending) p.reject(this.#gone);
    this.#refresh();
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    this.#refresh();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new PgliteThreadError(reply.error));
  }

  /** The thread holds the process open only while an answer or a transaction is awaited. */
  #refresh() {
    if (this.#gone) return;
    if (this.#pending.size > 0 || this.#openTransactions > 0) this.#worker.ref();
    else this.#worker.unref();
  }

  #call<T>(request: Outgoing): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (err) {
        // A parameter that cannot be copied to the thread (a function, a class with private state).
        this.#pending.delete(id);
        reject(err as Error);
      }
      this.#refresh();
    });
  }

  get ready(): boolean {
    return this.#ready && !this.#gone;
  }

  get closed(): boolean {
    return this.#gone !== null;
  }

  /** Something asked has not been answered yet, or a transaction is open: a new query would wait. */
  get busy(): boolean {
    return this.#pending.size > 0 || this.#openTransactions > 0;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: TxId): Promise<Results<T>> {
    return this.#call({ op: "query", text, params, ...optionsAsData(options), ...(tx ? { tx } : {}) });
  }

  exec(text: string, options?: QueryOptions, tx?: TxId): Promise<Results[]> {
    optionsAsData(options);
    return this.#call({ op: "exec", text, ...(tx ? { tx } : {}) });
  }

  /**
   * PGlite's transaction(): BEGIN, the callback's statements, COMMIT, or ROLLBACK if it throws (or called
   * rollback()). The thread holds PGlite's transaction lock meanwhile, so other queries wait, as before.
   * Nested transactions are drizzle's savepoints, plain statements here.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<TxId>({ op: "begin" });
    this.#openTransactions++;
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const end = async (commit: boolean) => {
      closed = true;
      try {
        await this.#call({ op: "end", tx: id, commit });
      } finally {
        this.#openTransactions = Math.max(0, this.#openTransactions - 1);
        this.#refresh();
      }
    };
    const tx: ThreadTransaction = {
      query: async (text, params, options) => {
        ensureOpen();
        return this.query(text, params, options, id);
      },
      exec: async (text, options) => {
        ensureOpen();
        return this.exec(text, options, id);
      },
      rollback: async () => {
        ensureOpen();
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      // The callback's error is the one to hear; a failed ROLLBACK (the thread gone) adds nothing to it.
      if (!closed) await end(false).catch(() => {});
      throw err;
    }
    if (!closed) await end(true);
    return result;
  }

  /** LISTEN on the thread's connection; NOTIFY payloads come back as events. Answers an unsubscribe. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: "listen", channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      if (!this.#gone) await this.#call({ op: "unlisten", channel });
    };
  }

  /** A consistent copy of the data folder as a tar (PGlite's dumpDataDir), for lib/backup. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#call({ op: "dump" });
  }

  /** Closes the database (after the statements already asked for) and ends the thread. */
  async close(): Promise<void> {
    if (this.#gone) return;
    try {
      await this.#call({ op: "close" });
    } finally {
      this.#fail(new Error("PGlite is closed"));
      await this.#worker.terminate();
      await this.#exited;
    }
  }
}

/**
 * Query options as data the thread can rebuild. Parsers are functions and cannot be posted; the only ones
 * the app passes are drizzle's, which keep a type's text as Postgres sent it (timestamps, dates,
 * intervals, numeric[]), so a parser is accepted only if it does exactly that, and the worker applies
 * the same. Anything else would silently change results, so it is refused.
 */
function optionsAsData(options: QueryOptions | undefined): {
  rowMode?: "object" | "array";
  rawTypes?: number[];
  paramTypes?: number[];
} {
  if (!options) return {};
  const { rowMode, parsers, paramTypes, ...rest } = options;
  const unsupported = Object.entries(rest).filter(([, value]) => value !== undefined);
  if (unsupported.length > 0) {
    throw new Error(`the PGlite thread does not take ${unsupported.map(([key]) => key).join(", ")}`);
  }
  const rawTypes: number[] = [];
  for (const [type, parser] of Object.entries(parsers ?? {})) {
    const probe = "\u0000text kept as is";
    if (parser(probe, Number(type)) !== probe) {
      throw new Error(`the PGlite thread only takes parsers that keep the text (type ${type})`);
    }
    rawTypes.push(Number(type));
  }
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(rawTypes.length > 0 ? { rawTypes } : {}),
    ...(paramTypes ? { paramTypes } : {}),
  };
}
