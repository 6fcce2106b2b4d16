import "server-only";
import type { z } from "zod";
import { config } from "@/lib/config";
import { JSON_BODY_LIMIT } from "@/lib/contracts/fields";
import { logger } from "@/lib/logger";
import { ApiError } from "./errors";
import { requestLocale } from "./locale";
import { isCrossOriginMutation } from "./origin";
import { cleanQuery, cleanStrings } from "./text-hygiene";
import { fieldErrors } from "./validation";

const log = logger("api");

type Meta = Record<string, unknown>;

export type OkInit = { status?: number; headers?: HeadersInit };

export function ok<T>(data: T, init?: OkInit & { meta?: Meta }): Response {
  const body = init?.meta ? { data, meta: init.meta } : { data };
  return Response.json(body, { status: init?.status ?? 200, headers: init?.headers });
}

export function errorResponse(req: Request, err: ApiError): Response {
  return Response.json(err.body(requestLocale(req)), { status: err.status, headers: err.headers });
}

/** What any API path without a route answers: a 404 in the API's error shape, not an HTML page. */
export function routeNotFound(req: Request): Response {
  const path = new URL(req.url).pathname;
  return errorResponse(req, new ApiError("not_found", "route_not_found", { path }));
}

/**
 * Wraps a route handler: refuses cross-origin mutations (unless `anyOrigin`: a signed server-to-server
 * webhook), turns ApiErrors into the error shape and anything else into a logged 500 that leaks nothing.
 */
export function handle<Ctx>(
  fn: (req: Request, ctx: Ctx) => Promise<Response>,
  /** `label`: how the log names the route (a contract's path template; the URL's path otherwise). */
  /** `anyOrigin` as a function: decided per request (a request authenticated by an API key alone). */
  opts: { anyOrigin?: boolean | ((req: Request) => boolean); label?: string } = {},
) {
  return async (req: Request, ctx: Ctx): Promise<Response> => {
    try {
      const anyOrigin = typeof opts.anyOrigin === "function" ? opts.anyOrigin(req) : opts.anyOrigin;
      if (!anyOrigin && isCrossOriginMutation(req, config().APP_URL)) {
        throw new ApiError("forbidden", "cross_origin");
      }
      return await fn(req, ctx);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(req, err);
      log.error(`${opts.label ?? `${req.method} ${new URL(req.url).pathname}`}:`, err);
      return errorResponse(req, new ApiError("internal_error"));
    }
  };
}

export { JSON_BODY_LIMIT, jsonLimitFor } from "@/lib/contracts/fields";

/**
 * Parses a JSON body against a zod schema: too large is 413 (read no further), bad JSON 400, a schema
 * miss 422 with per-field reasons in the request's language. Every string is cleaned first
 * (lib/http/text-hygiene.ts), so no schema or query ever sees a NUL or a bidi override.
 */
export async function parseJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  opts: { maxBytes?: number } = {},
): Promise<z.infer<S>> {
  const text = await readText(req, opts.maxBytes ?? JSON_BODY_LIMIT);
  let raw: unknown;
  try {
    raw = cleanStrings(JSON.parse(text));
  } catch {
    throw new ApiError("bad_request", "invalid_json");
  }
  // zod 4 leaves the input out of issues unless asked: without it a wrong type reads as "required".
  const result = schema.safeParse(raw, { reportInput: true });
  if (!result.success) {
    const fields = fieldErrors(result.error, requestLocale(req));
    throw new ApiError("validation_failed", undefined, {}, fields);
  }
  return result.data;
}

/**
 * Parses a query string against a zod schema of its fields, cleaned like every other text first. A name
 * given twice counts once, its first value (as URLSearchParams.get reads it). A miss is 422 with per-field
 * reasons, or `invalid` when the route words it its own way.
 */
export function parseQuery<S extends z.ZodType>(
  req: Request,
  schema: S,
  invalid?: (fields: Record<string, string>) => ApiError,
): z.infer<S> {
  const first = new Map<string, string>();
  for (const [k, v] of cleanQuery(req.url)) if (!first.has(k)) first.set(k, v);
  const result = schema.safeParse(Object.fromEntries(first), { reportInput: true });
  if (!result.success) {
    const fields = fieldErrors(result.error, requestLocale(req));
    throw invalid?.(fields) ?? new ApiError("validation_failed", undefined, {}, fields);
  }
  return result.data;
}

/**
 * The body as text, read no further than `maxBytes` whatever Content-Length claims, so a huge body is
 * never buffered; over the cap, `tooLarge` (413 by default) is thrown.
 */
export async function readText(
  req: Request,
  maxBytes: number,
  tooLarge = () => new ApiError("payload_too_large", "body_too_large", { max: Math.floor(maxBytes / 1024) }),
): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
