import "server-only";
import { logger } from "@/lib/logger";

const log = logger("sse");
/**
 * A server-sent-events response whose producer learns when the reader goes away: `signal` aborts when the
 * client disconnects (stream cancelled or request aborted), so upstream work stops instead of running on.
 */
export type SseWriter = { send(event: string, data: unknown): void; signal: AbortSignal };

const HEARTBEAT_MS = 15_000;

export function sseResponse(
  req: Request,
  produce: (writer: SseWriter) => Promise<void>,
  headers: Record<string, string> = {},
): Response {
  const aborter = new AbortController();
  const onRequestAbort = () => aborter.abort();
  req.signal.addEventListener("abort", onRequestAbort, { once: true });
  const encoder = new TextEncoder();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
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
      // A comment line every 15 s keeps proxies from closing a stream that waits on a slow model.
      heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      const writer: SseWriter = {
        send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        signal: aborter.signal,
      };
      produce(writer)
        .catch((err) => {
          log.error("producer failed:", err);
        })
        .finally(() => {
          clearInterval(heartbeat);
          req.signal.removeEventListener("abort", onRequestAbort);
          try {
            controller.close();
          } catch {
            // already closed by a cancel
          }
        });
    },
    cancel() {
      clearInterval(heartbeat);
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
