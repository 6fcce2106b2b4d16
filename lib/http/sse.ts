import "server-only";
import { logger } from "@/lib/logger";

const log = logger("sse");
/**
 * A server-sent-events response whose producer learns when the reader goes away: `signal` aborts when the
 * client disconnects (stream cancelled or request aborted), so upstream work stops instead of running on.
 */
export type SseWriter = {
  /** `id`: the event's id, which the browser sends back as `Last-Event-ID` when it reconnects. */
  send(event: string, data: unknown, id?: number | string): void;
  signal: AbortSignal;
};

const HEARTBEAT_MS = 15_000;
const encoder = new TextEncoder();

/**
 * A comment line every 15 s keeps proxies from closing a stream that waits on a slow model. One timer beats
 * for every open stream (a timer per stream costs each of hundreds of open answers its own), started by the
 * first stream and stopped with the last; it never keeps the process alive on its own.
 */
const beating = new Set<() => void>();
let heartbeat: ReturnType<typeof setInterval> | null = null;

function beat(keepAlive: () => void): () => void {
  beating.add(keepAlive);
  if (!heartbeat) {
    heartbeat = setInterval(() => {
      for (const send of beating) send();
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }
  return () => {
    beating.delete(keepAlive);
    if (beating.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };
}

/** How many streams the shared heartbeat keeps alive now (for tests and metrics). */
export const heartbeatStreams = () => beating.size;

export function sseResponse(
  req: Request,
  produce: (writer: SseWriter) => Promise<void>,
  headers: Record<string, string> = {},
): Response {
  const aborter = new AbortController();
  const onRequestAbort = () => aborter.abort();
  req.signal.addEventListener("abort", onRequestAbort, { once: true });
  let stopBeating = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (chunk: string) => {
        if (aborter.signal.aborted) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          aborter.abort();
        }
      };
      stopBeating = beat(() => write(": keep-alive\n\n"));
      const writer: SseWriter = {
        send: (event, data, id) =>
          write(`${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        signal: aborter.signal,
      };
      produce(writer)
        .catch((err) => {
          log.error("producer failed:", err);
        })
        .finally(() => {
          stopBeating();
          req.signal.removeEventListener("abort", onRequestAbort);
          try {
            controller.close();
          } catch {
            // already closed by a cancel
          }
        });
    },
    cancel() {
      stopBeating();
      aborter.abort();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      ...headers,
    },
  });
}

export function wantsEventStream(req: Request): boolean {
  return (req.headers.get("accept") ?? "").includes("text/event-stream");
}
