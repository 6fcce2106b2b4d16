import "server-only";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/http/errors";
import { sseResponse } from "@/lib/http/sse";
import type { StoredEvent } from "./events";
import { hub } from "./hub";

/**
 * A live-inbox event stream (issue 46): what was stored after `after` first, then each new event as it is
 * stored, with its id so a reconnect resumes where it stopped. The shared heartbeat (lib/http/sse.ts) keeps
 * it open; past INBOX_MAX_STREAMS open streams a new one is refused with a 503 and Retry-After.
 */
export function liveStream(
  req: Request,
  follow: { kind: "conversation" | "workspace"; id: string },
  after: number,
  read: (after: number) => Promise<StoredEvent[]>,
): Response {
  const h = hub();
  if (h.open >= config().INBOX_MAX_STREAMS)
    throw new ApiError("service_unavailable", "inbox_streams_full", {}, undefined, { "Retry-After": "30" });
  h.open++;
  let counted = true;
  const release = () => {
    if (counted) h.open--;
    counted = false;
  };
  try {
    return sseResponse(req, async (out) => {
      let last = after;
      let pending = true;
      let notify: (() => void) | null = null;
      const wake = () => {
        pending = true;
        notify?.();
        notify = null;
      };
      const unsubscribe = h.subscribe(follow.kind, follow.id, wake);
      out.signal.addEventListener("abort", wake, { once: true });
      try {
        out.send("ready", { last_event_id: last });
        while (!out.signal.aborted) {
          if (!pending) {
            await new Promise<void>((resolve) => {
              notify = resolve;
            });
            continue;
          }
          pending = false;
          for (;;) {
            const rows = await read(last);
            for (const row of rows) {
              out.send(row.type, row.data, row.id);
              last = row.id;
            }
            if (rows.length < 100 || out.signal.aborted) break;
          }
        }
      } finally {
        unsubscribe();
        release();
      }
    });
  } catch (err) {
    release();
    throw err;
  }
}

/** The event id a reconnecting browser (`Last-Event-ID`) or a client (`last_event_id`) resumes after. */
export function resumeAfter(req: Request, fromQuery: string | undefined): number | null {
  const raw = req.headers.get("last-event-id") ?? fromQuery ?? null;
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
