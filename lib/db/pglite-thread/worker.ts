import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { vector } from "@electric-sql/pglite-pgvector";
import type { Event, Reply, Request, ThreadData } from "./protocol.ts";
import { serializeError } from "./protocol.ts";

/**
 * The PGlite thread's entry (issue 18): the embedded database runs its SQL here, synchronously in WASM,
 * so the server's own thread keeps answering requests while a statement runs. Node runs this file from
 * source with its built-in type stripping: erasable TypeScript and explicit .ts paths only, and nothing
 * of the app (no config, no logger): it is handed its folder and does what the server thread asks.
 *
 * Requests are handled as they arrive and left to PGlite's own locks to order, exactly as when the server
 * called PGlite directly: a query outside a transaction waits for the running transaction to end, and a
 * transaction's statements go through while it holds the lock.
 */
const port = parentPort!;
const { folder } = workerData as ThreadData;

type Open = { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> };
const transactions = new Map<number, Open>();
let nextTx = 1;
/** What a transaction's callback throws to have PGlite roll it back, as when a caller's callback threw. */
const rollback = Symbol("rollback");
const listening = new Map<string, () => Promise<void>>();

const post = (message: Reply | Event) => port.postMessage(message);

/** drizzle's parsers for these types return the text untouched (session.js); the same, rebuilt here. */
const keepText = (types: number[]) => Object.fromEntries(types.map((type) => [type, (text: string) => text]));

function txOf(id: number | undefined): Transaction | PGlite {
  if (id === undefined) return db;
  const open = transactions.get(id);
  // PGlite's own words for a statement on a finished transaction.
  if (!open) throw new Error("Transaction is closed");
  return open.tx;
}

/**
 * Opens a transaction and keeps it open until the server thread ends it. PGlite's transaction() holds
 * its lock for as long as the callback runs, so the callback waits for the "end" request; BEGIN, COMMIT
 * and ROLLBACK are PGlite's own.
 */
function begin(): Promise<number> {
  return new Promise((resolve, reject) => {
    const id = nextTx++;
    let started = false;
    let finish!: (commit: boolean) => void;
    const ended = new Promise<boolean>((r) => {
      finish = r;
    });
    const done = db.transaction(async (tx) => {
      started = true;
      transactions.set(id, { tx, finish, done });
      resolve(id);
      if (!(await ended)) throw rollback;
    });
    done
      .catch((err) => {
        // BEGIN itself failed: the caller of begin hears it; otherwise the caller of end does.
        if (!started) reject(err);
      })
      .finally(() => transactions.delete(id));
  });
}

/** COMMIT or ROLLBACK by PGlite's transaction(), whose callback returns or throws. */
async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error("Transaction is closed");
  open.finish(commit);
  try {
    await open.done;
  } catch (err) {
    if (err !== rollback) throw err;
  }
}

async function handle(req: Request): Promise<unknown> {
  switch (req.op) {
    case "query":
      return txOf(req.tx).query(req.text, req.params, {
        ...(req.rowMode ? { rowMode: req.rowMode } : {}),
        ...(req.rawTypes ? { parsers: keepText(req.rawTypes) } : {}),
        ...(req.paramTypes ? { paramTypes: req.paramTypes } : {}),
      });
    case "exec":
      return txOf(req.tx).exec(req.text);
    case "begin":
      return begin();
    case "end":
      return end(req.tx, req.commit);
    case "listen": {
      if (!listening.has(req.channel)) {
        const channel = req.channel;
        listening.set(
          channel,
          await db.listen(channel, (payload) => post({ event: "notify", channel, payload })),
        );
      }
      return null;
    }
    case "unlisten": {
      const stop = listening.get(req.channel);
      listening.delete(req.channel);
      await stop?.();
      return null;
    }
    case "dump":
      return dump();
    case "close":
      if (!db.closed) await db.close();
      return null;
  }
}

/**
 * The data folder as a tar, for a backup. A CHECKPOINT first writes every committed change into the data
 * files; the copy is then taken holding PGlite's transaction lock, which every query and transaction takes,
 * so no statement runs and no transaction is half done while the files are read.
 */
async function dump(): Promise<Uint8Array> {
  await db.exec("CHECKPOINT");
  const blob = await db._runExclusiveTransaction(() => db.dumpDataDir("none"));
  return new Uint8Array(await blob.arrayBuffer());
}

/** An answer that cannot be copied (it should not happen: rows are plain data) is an error, not a crash. */
function answer(id: number, value: unknown) {
  try {
    // A data folder's copy (dump) is moved to the server's thread, not copied: it is the database's size.
    if (value instanceof Uint8Array) port.postMessage({ id, ok: true, value }, [value.buffer as ArrayBuffer]);
    else post({ id, ok: true, value });
  } catch (err) {
    post({ id, ok: false, error: serializeError(err) });
  }
}

let db: PGlite;
try {
  db = await PGlite.create(folder, {
    extensions: { vector, unaccent, pg_trgm },
    // Postgres's default 128 MB of shared buffers is resident in the WASM memory from the start: 32 MB
    // keeps the embedded server's idle memory ~120 MB lower (issue 42); pages beyond it are read from the
    // data folder, which the OS caches.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  });
  port.on("message", (req: Request) => {
    handle(req).then(
      (value) => {
        answer(req.id, value);
        // Nothing else comes after close: with the port shut the thread ends on its own.
        if (req.op === "close") port.close();
      },
      (err) => post({ id: req.id, ok: false, error: serializeError(err) }),
    );
  });
  post({ event: "ready" });
} catch (err) {
  // The server thread ends this thread when it hears it.
  post({ event: "failed", error: serializeError(err) });
}
