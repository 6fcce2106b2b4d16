import "server-only";
import type { DocumentNode } from "graphql";
import {
  execute,
  GraphQLError,
  getOperationAST,
  NoSchemaIntrospectionCustomRule,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { config } from "@/lib/config";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { isCrossOriginMutation } from "@/lib/http/origin";
import { logger } from "@/lib/logger";
import { type Context, contextFor } from "./context";
import { errorResponse, formatError } from "./errors";
import { readParams } from "./http";
import { MAX_DEPTH, MAX_FIELDS, MAX_TOKENS, shapeOf } from "./limits";
import { rootValue } from "./resolvers";

type Services = Pick<Context, "db" | "providers">;

import { schema } from "./schema";

const log = logger("graphql");

const NO_STORE = { "cache-control": "no-store" };

/**
 * POST/GET /api/graphql. Checks run cheapest first: origin, size, syntax, one chosen operation, its
 * shape, validation, then execution. A response whose data is entirely null carries the HTTP status of its
 * first error (401 for a signed-out `profile`), and any signed-out field makes it 401, so the app's fetch
 * wrapper renews and retries as for REST.
 */
export async function handleGraphql(req: Request, services: () => Promise<Services>): Promise<Response> {
  const locale = requestLocale(req);
  try {
    if (isCrossOriginMutation(req, config().APP_URL)) throw new ApiError("forbidden", "cross_origin");
    const { query, variables, operationName } = await readParams(req);

    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS, noLocation: false });
    } catch (err) {
      if (err instanceof GraphQLError) return requestErrors([err], locale);
      throw err;
    }

    const operation = getOperationAST(document, operationName);
    if (!operation) throw new ApiError("bad_request", "graphql_operation_required");
    if (operation.operation === OperationTypeNode.SUBSCRIPTION)
      throw new ApiError("bad_request", "graphql_invalid_request");
    if (operation.operation === OperationTypeNode.MUTATION && req.method !== "POST") {
      throw new ApiError("method_not_allowed", "graphql_mutation_needs_post", {}, undefined, {
        allow: "POST",
      });
    }

    const shape = shapeOf(document, operation);
    if (shape.depth > MAX_DEPTH) throw new ApiError("bad_request", "graphql_too_deep", { max: MAX_DEPTH });
    if (shape.fields > MAX_FIELDS)
      throw new ApiError("bad_request", "graphql_too_many_fields", { max: MAX_FIELDS });

    const production = config().isProduction;
    const rules = production ? [...specifiedRules, NoSchemaIntrospectionCustomRule] : specifiedRules;
    const invalid = validate(schema(), document, rules, { maxErrors: 20, hideSuggestions: production });
    if (invalid.length > 0) return requestErrors(invalid, locale);

    const context = contextFor(req, locale, await services());
    const result = await execute({
      schema: schema(),
      document,
      rootValue,
      contextValue: context,
      variableValues: variables,
      operationName: operation.name?.value ?? null,
      hideSuggestions: production,
      abortSignal: req.signal,
    });

    const errors = result.errors?.map((e) => formatError(e, locale));
    if (!("data" in result)) return Response.json({ errors }, { status: 400, headers: NO_STORE });
    // A signed-out caller of a nullable field (`subscription`) gets 401 too, so clients renew and retry.
    const unauthorized = errors?.find((e) => e.extensions.code === "unauthorized");
    const status =
      result.data == null && errors?.[0] ? errors[0].extensions.status : unauthorized ? 401 : 200;
    const headers = new Headers(NO_STORE);
    for (const line of context.setCookies) headers.append("Set-Cookie", line);
    return Response.json(errors ? { errors, data: result.data ?? null } : { data: result.data }, {
      status,
      headers,
    });
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err, locale);
    log.error(`${req.method}:`, err);
    return errorResponse(new ApiError("internal_error"), locale);
  }
}

function requestErrors(errors: readonly GraphQLError[], locale: ReturnType<typeof requestLocale>): Response {
  return Response.json(
    { errors: errors.map((e) => formatError(e, locale)) },
    { status: 400, headers: NO_STORE },
  );
}
