/**
 * The messages between the server's thread and the PGlite thread (worker.ts). Shared by both sides, so it
 * imports nothing and uses only erasable TypeScript: Node runs the worker from source with its own type
 * stripping (see thread.ts, `workerEntry`).
 *
 * Everything posted is copied with the structured clone algorithm: rows keep their Dates, bigints,
 * Uint8Arrays and parsed JSON as PGlite built them, and parameters arrive as they were given (a Buffer as
 * a plain Uint8Array, which PGlite serializes alike for bytea). Functions cannot cross, which is why query
 * options travel as data (`rawTypes`) and errors as their fields (`SerializedError`).
 */

/** Where the worker opens its database (path.join(dataDir, "pglite")). */
export type ThreadData = { folder: string };

/** A transaction the worker holds open for the server's thread, by number. */
export type TxId = number;

export type Request =
  | {
      id: number;
      op: "query";
      text: string;
      params: unknown[];
      rowMode?: "object" | "array";
      /** types whose values stay the text Postgres sent (drizzle's identity parsers) */
      rawTypes?: number[];
      paramTypes?: number[];
      tx?: TxId;
    }
  | { id: number; op: "exec"; text: string; tx?: TxId }
  /** takes PGlite's transaction lock and answers with the new transaction's TxId */
  | { id: number; op: "begin" }
  /** COMMIT (commit true) or ROLLBACK, then the lock is free for the next caller */
  | { id: number; op: "end"; tx: TxId; commit: boolean }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  /** a consistent copy of the data folder as a tar (lib/backup): answers a Uint8Array */
  | { id: number; op: "dump" }
  | { id: number; op: "close" };

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };

/** Worker → server thread, unasked: the database is open (or could not be), or a NOTIFY arrived. */
export type Event =
  | { event: "ready" }
  | { event: "failed"; error: SerializedError }
  | { event: "notify"; channel: string; payload: string };

export type SerializedError = {
  message: string;
  name: string;
  stack?: string;
  /** PGlite's DatabaseError fields (code, detail, constraint, …): whatever of them is plain data */
  fields: Record<string, string | number | boolean | null>;
};

/**
 * An error as data. PGlite's DatabaseError carries the SQLSTATE `code` that callers test (23505, 57014…)
 * among other own fields; `queryOptions` and anything else that is not plain data stays behind.
 */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), name: "Error", fields: {} };
  const fields: SerializedError["fields"] = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}
