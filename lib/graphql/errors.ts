import "server-only";
import type { GraphQLError } from "graphql";
import { ApiError } from "@/lib/http/errors";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { logger } from "@/lib/logger";

const log = logger("graphql");

export type GraphqlErrorJson = {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: string; status: number; detail?: string; fields?: Record<string, string> };
};

/**
 * An ApiError in GraphQL's shape. `unauthorized` keeps the spec's fixed message "Unauthorized" (clients
 * match it); every other message is the translated detail, and `extensions.code` is the stable code.
 */
export function fromApiError(err: ApiError, locale: Locale): GraphqlErrorJson {
  const detail = translate(locale, `errors.${err.detailKey ?? err.code}`, err.values);
  return {
    message: err.code === "unauthorized" ? "Unauthorized" : detail,
    extensions: {
      code: err.code,
      status: err.status,
      detail,
      ...(err.fields ? { fields: err.fields } : {}),
    },
  };
}

/**
 * Errors from graphql-js itself (syntax, validation, variable coercion) are about the request and are
 * shown as they are; anything else a resolver throws that is not an ApiError is logged and masked.
 */
export function formatError(error: GraphQLError, locale: Locale): GraphqlErrorJson {
  const where = {
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
  const original = error.originalError;
  if (original instanceof ApiError) return { ...fromApiError(original, locale), ...where };
  if (original && original.name !== "GraphQLError") {
    log.error(error.path?.join(".") ?? "", original);
    return { ...fromApiError(new ApiError("internal_error"), locale), ...where };
  }
  return { message: error.message, ...where, extensions: { code: "bad_request", status: 400 } };
}

export function errorResponse(err: ApiError, locale: Locale, headers: HeadersInit = {}): Response {
  const body = { errors: [fromApiError(err, locale)], data: null };
  const h = new Headers(headers);
  h.set("cache-control", "no-store");
  for (const [k, v] of Object.entries(err.headers ?? {})) h.set(k, v);
  return Response.json(body, { status: err.status, headers: h });
}
