import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { constants, createGzip, type Gzip, gzipSync } from "node:zlib";
import type { Coding, StaticVariants, Variant } from "./precompressed";

/**
 * Response compression for our own server (scripts/serve.ts; next.config sets `compress: false`).
 *
 * Why not Next's: it opens a zlib stream for every response and flushes it after every chunk, even for a
 * JSON answer written in one piece, and it compresses bodies of a few bytes because a route's body has no
 * known length. A zlib stream costs ~4 times a one-call gzip of the same small body (measured, issue 18),
 * on every public answer and every health probe. Here a response is held until the end of the event
 * loop's turn in which it started writing:
 * - finished within that turn (API answers, cached pages): sent with a Content-Length, gzipped in one call
 *   when it is worth it (at least `MIN_BYTES`), as is otherwise;
 * - still writing after it (streamed pages, files read from disk) or past `HOLD_BYTES`: a gzip stream,
 *   flushed after every write so a streamed page's shell reaches the browser at once.
 * Server-sent events and anything marked `no-transform` are never touched (each event must leave now).
 * The build's scripts and stylesheets go as compressed at build time (lib/http/precompressed.ts), Brotli
 * where the browser takes it: Next still finds the file and sets its headers; its bytes are replaced.
 */

/** Below this a gzip header and trailer cost about what compression saves (the `compression` package's default). */
export const MIN_BYTES = 1024;
/** Most a response is held in memory before it becomes a stream. */
export const HOLD_BYTES = 64 * 1024;

const COMPRESSIBLE =
  /^(text\/(?!event-stream)[\w.+-]+|application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|manifest\+json)|image\/svg\+xml)\s*(;|$)/i;

/** Whether the client takes this coding (RFC 9110 §12.5.3: absent or q=0 means no; `*` counts). */
export function accepts(header: string | undefined, coding: Coding): boolean {
  if (!header) return false;
  let named: number | undefined;
  let star: number | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name.trim() === coding) named = Number.isFinite(weight) ? weight : 0;
    else if (name.trim() === "*") star = Number.isFinite(weight) ? weight : 0;
  }
  return (named ?? star ?? 0) > 0;
}

function compressible(res: ServerResponse): boolean {
  if (res.statusCode === 204 || res.statusCode === 304 || res.statusCode === 206) return false;
  if (res.getHeader("content-encoding") || res.getHeader("content-range")) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader("cache-control") ?? ""))) return false;
  return COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""));
}

function addVary(res: ServerResponse) {
  const vary = String(res.getHeader("vary") ?? "");
  if (vary === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

type Callback = (error?: Error | null) => void;
type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === "string"
    ? Buffer.from(chunk, encoding ?? "utf8")
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** `write(chunk, [encoding], [cb])` and `end([chunk], [encoding], [cb])` in their several shapes. */
function args(
  a?: unknown,
  b?: unknown,
  c?: unknown,
): { chunk?: Chunk; encoding?: BufferEncoding; cb?: Callback } {
  if (typeof a === "function") return { cb: a as Callback };
  if (typeof b === "function") return { chunk: a as Chunk | undefined, cb: b as Callback };
  return {
    chunk: a as Chunk | undefined,
    encoding: b as BufferEncoding | undefined,
    cb: c as Callback | undefined,
  };
}

/** Applies `writeHead`'s headers argument the way Node does: they win over `setHeader`'s. */
function applyHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | unknown[] | undefined) {
  if (!headers) return;
  if (Array.isArray(headers)) {
    const flat = headers.flat() as string[];
    const seen = new Set<string>();
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const name = String(flat[i]);
      if (!seen.has(name.toLowerCase())) res.removeHeader(name);
      seen.add(name.toLowerCase());
      res.appendHeader(name, String(flat[i + 1]));
    }
    return;
  }
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
}

/**
 * Takes over `res`'s writing methods for this one response. Call before anything else touches `res`.
 * Does nothing for HEAD requests and clients that take no coding we have (beyond `Vary`). `staticVariants`
 * is asked only for a 200 that Next is sending, so only for files the build holds.
 */
export function compressResponse(
  req: IncomingMessage,
  res: ServerResponse,
  staticVariants?: StaticVariants,
): void {
  if (req.method === "HEAD") return;
  const header = req.headers["accept-encoding"];
  const accepted = new Set<Coding>();
  if (accepts(header, "br")) accepted.add("br");
  if (accepts(header, "gzip")) accepted.add("gzip");

  const write = res.write.bind(res) as (chunk: Chunk, cb?: Callback) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk | Callback, cb?: Callback) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const flushHeaders = res.flushHeaders.bind(res);

  /**
   * undecided → held (compressible, holding chunks) → sent whole | streaming (gzip); or passthrough; or
   * substituted (the build's precompressed file goes instead of what is written).
   */
  let mode: "undecided" | "held" | "streaming" | "substituted" | "passthrough" | "done" = "undecided";
  let variant: Variant | null = null;
  let held: Buffer[] = [];
  let heldBytes = 0;
  let heldCallbacks: Callback[] = [];
  let turnEnds: NodeJS.Immediate | undefined;
  let gzip: Gzip | undefined;

  const restore = () => {
    mode = "passthrough";
    res.write = write as typeof res.write;
    res.end = end as typeof res.end;
    res.writeHead = writeHead as typeof res.writeHead;
    res.flushHeaders = flushHeaders;
  };

  /** The headers are final the first time anything is written: decide then. */
  const decide = () => {
    if (mode !== "undecided") return;
    if (!compressible(res)) return restore();
    addVary(res);
    if (staticVariants && res.statusCode === 200 && accepted.size > 0) {
      variant = staticVariants((req.url ?? "").split("?")[0]!, accepted);
      if (variant) {
        mode = "substituted";
        res.setHeader("Content-Encoding", variant.coding);
        res.setHeader("Content-Length", variant.body.length);
        return;
      }
    }
    if (!accepted.has("gzip")) return restore();
    // A body whose length is declared and small goes as it is, however many turns it takes (a file piped
    // from disk arrives a turn later than it starts).
    const declared = Number(res.getHeader("content-length") ?? Number.NaN);
    if (declared < MIN_BYTES) return restore();
    mode = "held";
  };

  const hold = (chunk: Chunk | undefined, encoding: BufferEncoding | undefined) => {
    if (chunk === undefined || chunk.length === 0) return;
    const buffer = toBuffer(chunk, encoding);
    held.push(buffer);
    heldBytes += buffer.length;
  };

  const callAll = (callbacks: Callback[]) => (error?: Error | null) => {
    for (const cb of callbacks) cb(error);
  };

  const sendWhole = (cb?: Callback) => {
    mode = "done";
    if (turnEnds) clearImmediate(turnEnds);
    const body = Buffer.concat(held, heldBytes);
    const callbacks = cb ? [...heldCallbacks, cb] : heldCallbacks;
    held = [];
    heldCallbacks = [];
    const out = body.length >= MIN_BYTES ? gzipSync(body) : body;
    if (out !== body) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", out.length);
    writeHead(res.statusCode);
    end(out, callAll(callbacks));
  };

  const startStreaming = () => {
    if (mode !== "held") return;
    mode = "streaming";
    if (turnEnds) clearImmediate(turnEnds);
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", "gzip");
    writeHead(res.statusCode);
    const stream = createGzip();
    gzip = stream;
    stream.on("data", (data: Buffer) => {
      if (!write(data)) stream.pause();
    });
    stream.on("end", () => end());
    stream.on("error", (error) => res.destroy(error));
    // Both kinds of drain reach whoever is writing: the socket's (for our own paused output) and the gzip
    // stream's (for the writer's chunks that it had refused).
    res.on("drain", () => {
      if (!res.writableNeedDrain) stream.resume();
    });
    stream.on("drain", () => res.emit("drain"));
    const chunks = held;
    const callbacks = heldCallbacks;
    held = [];
    heldCallbacks = [];
    for (const chunk of chunks) stream.write(chunk);
    stream.flush(constants.Z_SYNC_FLUSH, callAll(callbacks));
  };

  res.on("close", () => {
    if (turnEnds) clearImmediate(turnEnds);
    // A client that went away mid-stream: release zlib's memory now rather than at collection.
    if (gzip && !res.writableFinished) gzip.destroy();
  });

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (mode !== "undecided" && mode !== "held" && mode !== "substituted")
      return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
    res.statusCode = status;
    const headers = rest.find((r) => typeof r === "object");
    applyHeaders(res, headers as OutgoingHttpHeaders | unknown[] | undefined);
    const message = rest.find((r) => typeof r === "string");
    if (typeof message === "string") res.statusMessage = message;
    return res;
  }) as typeof res.writeHead;

  res.flushHeaders = () => {
    decide();
    if (mode === "passthrough") flushHeaders();
    // Held: the headers leave with the body, once its encoding and length are known.
  };

  res.write = ((a?: unknown, b?: unknown, c?: unknown) => {
    decide();
    const { chunk, encoding, cb } = args(a, b, c);
    if (mode === "passthrough") return (res.write as (...x: unknown[]) => boolean)(a, b, c);
    if (mode === "streaming" && gzip) {
      const ok = gzip.write(chunk === undefined ? Buffer.alloc(0) : toBuffer(chunk, encoding), cb);
      gzip.flush(constants.Z_SYNC_FLUSH);
      return ok;
    }
    if (mode === "substituted") {
      // The file's own bytes are not needed: its precompressed copy goes at the end.
      if (cb) process.nextTick(cb);
      return true;
    }
    if (mode !== "held") return false;
    hold(chunk, encoding);
    if (cb) heldCallbacks.push(cb);
    if (heldBytes > HOLD_BYTES) startStreaming();
    else turnEnds ??= setImmediate(startStreaming);
    return true;
  }) as typeof res.write;

  res.end = ((a?: unknown, b?: unknown, c?: unknown) => {
    decide();
    if (mode === "passthrough") return (res.end as (...x: unknown[]) => ServerResponse)(a, b, c);
    const { chunk, encoding, cb } = args(a, b, c);
    if (mode === "substituted" && variant) {
      mode = "done";
      writeHead(res.statusCode);
      end(variant.body, cb);
      return res;
    }
    if (mode === "streaming" && gzip) {
      mode = "done";
      gzip.end(chunk === undefined ? undefined : toBuffer(chunk, encoding), cb);
      return res;
    }
    if (mode !== "held") return res;
    hold(chunk, encoding);
    // A large body handed over at once still goes through the stream: one synchronous gzip of megabytes
    // would hold every other request for as long.
    if (heldBytes > HOLD_BYTES) {
      startStreaming();
      gzip?.end(cb);
      mode = "done";
      return res;
    }
    sendWhole(cb);
    return res;
  }) as typeof res.end;

  // Next flushes a compression stream through `res.flush()` after each chunk; the write above does it.
}
