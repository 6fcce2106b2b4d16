import "server-only";
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from "@/lib/context/request-id";
import { logger } from "@/lib/logger";
import { metrics, secondsSince } from "@/lib/metrics/registry";

const log = logger("http");

/**
 * Wraps a route handler with what every API request gets: a request id (the caller's sane one or a new
 * one) for every line logged while it is handled and on the answer's `x-request-id`, a count and a
 * duration under its `route` (the contract's path template, never the URL: bounded labels, and no token
 * in a path reaches the metrics or the log), and a debug line per answer.
 */
export function observed<A extends unknown[]>(
  route: string,
  handler: (req: Request, ...rest: A) => Promise<Response>,
): (req: Request, ...rest: A) => Promise<Response> {
  return (req, ...rest) => {
    const requestId = requestIdOf(req.headers);
    return withRequestId(requestId, async () => {
      const started = performance.now();
      let status = 500;
      try {
        const res = withHeader(await handler(req, ...rest), REQUEST_ID_HEADER, requestId);
        status = res.status;
        return res;
      } finally {
        const m = metrics();
        const seconds = secondsSince(started);
        m.httpRequests.inc({ route, method: req.method, status: String(status) });
        m.httpDuration.observe({ route, method: req.method }, seconds);
        log.debug(`${req.method} ${route} ${status} in ${Math.round(seconds * 1000)} ms`);
      }
    });
  };
}

/** Sets a header, on a copy when the response's headers are immutable (Response.redirect, fetch). */
function withHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}
