import { ApiError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";

// Any /api path without a route answers in the API's error shape instead of an HTML 404 page.
function notFound(req: Request): Response {
  const path = new URL(req.url).pathname;
  return errorResponse(req, new ApiError("not_found", "route_not_found", { path }));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
