import { routeNotFound } from "@/lib/http/respond";

// Any /api path without a route answers in the API's error shape instead of an HTML 404 page.
export const GET = routeNotFound;
export const POST = routeNotFound;
export const PUT = routeNotFound;
export const PATCH = routeNotFound;
export const DELETE = routeNotFound;
export const HEAD = routeNotFound;
export const OPTIONS = routeNotFound;
