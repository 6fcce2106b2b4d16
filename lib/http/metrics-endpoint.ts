import "server-only";
import { config } from "@/lib/config";
import { metrics } from "@/lib/metrics/registry";
import { bearer, sameSecret } from "./bearer";
import { ApiError } from "./errors";
import { errorResponse, routeNotFound } from "./respond";

/**
 * GET /api/metrics, in Prometheus's text format. Without METRICS_TOKEN the route does not exist: it
 * answers exactly what a path without a route answers, so an unconfigured server gives nothing away.
 * With it, only `Authorization: Bearer <METRICS_TOKEN>` reads the numbers (compared in constant time).
 */
export async function metricsResponse(req: Request): Promise<Response> {
  const token = config().METRICS_TOKEN;
  if (!token) return routeNotFound(req);
  const given = bearer(req);
  if (!given || !sameSecret(given, token)) {
    return errorResponse(
      req,
      new ApiError("unauthorized", "metrics_unauthorized", {}, undefined, {
        "www-authenticate": 'Bearer realm="metrics"',
        "cache-control": "no-store",
      }),
    );
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}

/** Any other method: 405 when the route exists, the missing route's 404 when it does not. */
export async function metricsOtherMethod(req: Request): Promise<Response> {
  if (!config().METRICS_TOKEN) return routeNotFound(req);
  return errorResponse(req, new ApiError("method_not_allowed", undefined, {}, undefined, { allow: "GET" }));
}
