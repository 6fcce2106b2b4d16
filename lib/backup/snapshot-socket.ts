import { chmodSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { databaseSchemaVersion, type SchemaVersion } from "./schema-version";

const log = logger("backup");

/**
 * How `npm run backup` gets a consistent copy of the embedded database while the server runs. PGlite's
 * folder belongs to one process (lib/db/lock.ts), so only the server may read it; it listens on a Unix
 * socket inside the data folder, in a directory only its own user may enter (0700), so the request comes
 * from someone who could read the data folder anyway: no network port, no secret to keep. The one request
 * is the line "snapshot"; the answer is one JSON line (size and schema version) and then the tar.
 */
export function snapshotSocketPath(dataDir: string): string {
  return path.join(dataDir, "run", "backup.sock");
}

const REQUEST = "snapshot";
/** A header line longer than this is not ours. */
const MAX_LINE = 4096;

type Header = { ok: true; size: number; schema: SchemaVersion } | { ok: false; error: string };

/** Starts answering snapshot requests (PGlite only); answers a function that stops it. */
export async function serveSnapshots(database: Database, dataDir: string): Promise<() => void> {
  const thread = database.pglite;
  if (!thread) throw new Error("snapshots over the socket are for the embedded database");
  const socketPath = snapshotSocketPath(dataDir);
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  // Only this system user may reach the socket, also when the folder was made earlier with wider rights.
  chmodSync(path.dirname(socketPath), 0o700);
  // A socket left by a process that died: this process holds the data folder's lock, nobody else uses it.
  rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    let line = "";
    socket.setEncoding("utf8");
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("error", () => {});
    socket.on("data", (text: string) => {
      line += text;
      if (!line.includes("\n") && line.length <= MAX_LINE) return;
      socket.removeAllListeners("data");
      socket.setTimeout(0);
      if (line.split("\n")[0] !== REQUEST) {
        socket.end(`${JSON.stringify({ ok: false, error: "unknown request" } satisfies Header)}\n`);
        return;
      }
      // One copy at a time: each holds the whole database in memory until it is sent.
      queue = queue.then(() => answer(socket)).catch(() => {});
    });
  });
  const answer = async (socket: net.Socket) => {
    let header: Header;
    let bytes: Uint8Array | undefined;
    try {
      const schema = await databaseSchemaVersion(database.db);
      bytes = await thread.dumpDataDir();
      header = { ok: true, size: bytes.byteLength, schema };
    } catch (err) {
      log.error(`backup snapshot failed: ${(err as Error).message}`);
      header = { ok: false, error: (err as Error).message };
    }
    socket.write(`${JSON.stringify(header)}\n`);
    if (bytes) socket.write(bytes);
    await new Promise<void>((resolve) => socket.end(resolve));
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();
  const stop = () => {
    server.close();
    rmSync(socketPath, { force: true });
  };
  process.once("exit", stop);
  return stop;
}

export class SnapshotUnavailable extends Error {}

/** Asks the running server for a snapshot: its size, schema version and bytes (read as they arrive). */
export async function requestSnapshot(
  dataDir: string,
): Promise<{ size: number; schema: SchemaVersion; body: AsyncIterable<Buffer> }> {
  const socketPath = snapshotSocketPath(dataDir);
  const socket = net.createConnection(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", (err) =>
      reject(
        new SnapshotUnavailable(
          `no answer on ${socketPath} (${(err as NodeJS.ErrnoException).code ?? err.message})`,
        ),
      ),
    );
  });
  socket.write(`${REQUEST}\n`);
  const chunks = socket[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffered = Buffer.alloc(0);
  let newline = -1;
  while (newline < 0) {
    const next = await chunks.next();
    if (next.done) throw new SnapshotUnavailable("the server closed the connection without an answer");
    buffered = Buffer.concat([buffered, next.value]);
    newline = buffered.indexOf(0x0a);
    if (newline < 0 && buffered.length > MAX_LINE)
      throw new SnapshotUnavailable("the server's answer is not a snapshot");
  }
  const header = JSON.parse(buffered.subarray(0, newline).toString("utf8")) as Header;
  if (!header.ok) {
    socket.destroy();
    throw new SnapshotUnavailable(`the server could not take a snapshot: ${header.error}`);
  }
  const rest = buffered.subarray(newline + 1);
  const body = async function* () {
    if (rest.length > 0) yield rest;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  };
  return { size: header.size, schema: header.schema, body: body() };
}
