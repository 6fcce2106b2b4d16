import { metricsOtherMethod, metricsResponse } from "@/lib/http/metrics-endpoint";

export const dynamic = "force-dynamic";

/** GET /api/metrics: Prometheus metrics behind METRICS_TOKEN (OPS-4; docs/architecture.md). */
export const GET = metricsResponse;
export const POST = metricsOtherMethod;
export const PUT = metricsOtherMethod;
export const PATCH = metricsOtherMethod;
export const DELETE = metricsOtherMethod;
export const OPTIONS = metricsOtherMethod;
