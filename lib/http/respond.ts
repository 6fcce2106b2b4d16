import type { z } from "zod";
import { config } from "@/lib/config";
import { ApiError, type FieldErrors } from "./errors";
import { requestLocale } from "./locale";
import { isCrossOriginMutation } from "./origin";

type Meta = Record<string, unknown>;

export function ok<T>(data: T, init?: { status?: number; meta?: Meta; headers?: HeadersInit }): Response {
  const body = init?.meta ? { data, meta: init.meta } : { data };
  return Response.json(body, { status: init?.status ?? 200, headers: init?.headers });
}

export function errorResponse(req: Request, err: ApiError): Response {
  return Response.json(err.body(requestLocale(req)), { status: err.status, headers: err.headers });
}

/**
 * Wraps a route handler: refuses cross-origin mutations, turns ApiErrors into the error shape and
 * anything else into a logged 500 that leaks nothing.
 */
export function handle<Ctx>(fn: (req: Request, ctx: Ctx) => Promise<Response>) {
  return async (req: Request, ctx: Ctx): Promise<Response> => {
    try {
      if (isCrossOriginMutation(req, config().APP_URL)) throw new ApiError("forbidden", "cross_origin");
      return await fn(req, ctx);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(req, err);
      console.error(`[api] ${req.method} ${new URL(req.url).pathname}:`, err);
      return errorResponse(req, new ApiError("internal_error"));
    }
  };
}

/** Parses a JSON body against a zod schema; bad JSON is 400, a schema miss 422 with per-field reasons. */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    throw new ApiError("bad_request", "invalid_json");
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const fields: FieldErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      fields[key] ??= issue.message;
    }
    throw new ApiError("validation_failed", undefined, {}, fields);
  }
  return result.data;
}
