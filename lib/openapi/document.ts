import type { RouteContract } from "@/lib/contracts/contract";
import { errorSchema } from "@/lib/contracts/errors";
import { errorResponses, errorStatusesOf } from "./errors";
import { type JsonSchema, jsonSchemaOf } from "./json-schema";
import { securityOf, securitySchemes } from "./security";
import { tagOf, tags } from "./tags";

/**
 * BEYOND-4: the OpenAPI 3.1 document of the API, generated from the route contracts (lib/contracts) so it
 * cannot drift from what the routes validate and answer. Nothing here is written per route.
 *
 * Every contract is included, the /oauth2 ones too: they are how an API client signs in with an emailed
 * code (POST /oauth2/otp then /oauth2/otp/verify answers the token pair), and `oauthEntry` is the
 * spec's public sign-in link. Leaving them out would describe an API nobody can authenticate to.
 */

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
};

export type Parameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  /** Who may call it, as the contract says (`none`, `user`, `owner-agent`, `visitor`): for people. */
  "x-auth": RouteContract["auth"];
};

export type DocumentOptions = {
  /** The public base URL (APP_URL): the one server. */
  serverUrl: string;
  version: string;
};

/** `/api/v1/agent/document/:id` → `/api/v1/agent/document/{id}` */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

export function openApiDocument(
  contracts: Record<string, RouteContract>,
  { serverUrl, version }: DocumentOptions,
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument["paths"] = {};
  for (const [name, contract] of Object.entries(contracts)) {
    const path = openApiPath(contract.path);
    paths[path] ??= {};
    paths[path][contract.method.toLowerCase()] = operationOf(name, contract, schemas);
  }
  schemas.Error = jsonSchemaOf(errorSchema, "output", "Error_", schemas);
  const used = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)));
  return {
    openapi: "3.1.0",
    info: {
      title: "AgentCity API",
      version,
      description:
        "Generated from the route contracts. Every success is JSON `{data, meta?}` unless said otherwise; every error is `{error: {status, message, detail, fields?}}`.",
    },
    servers: [{ url: serverUrl.replace(/\/+$/, "") }],
    tags: [
      ...tags.filter((t) => used.has(t)),
      ...[...used].filter((t) => !(tags as readonly string[]).includes(t)),
    ].map((name) => ({ name })),
    paths,
    components: { schemas, responses: errorResponses(), securitySchemes },
  };
}

function operationOf(name: string, contract: RouteContract, schemas: Record<string, JsonSchema>): Operation {
  const prefix = `${name}_`;
  const parameters = [
    ...parametersOf(contract.params, "path", prefix, schemas),
    ...parametersOf(contract.query, "query", prefix, schemas),
  ];
  const requestBody = requestBodyOf(contract, prefix, schemas);
  const responses: Record<string, unknown> = { ...successOf(contract, prefix, schemas) };
  for (const status of errorStatusesOf(name, contract))
    responses[status] = { $ref: `#/components/responses/${status}` };
  return {
    operationId: name,
    summary: contract.summary,
    tags: [tagOf(contract.path)],
    security: securityOf(contract),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    "x-auth": contract.auth,
  };
}

function parametersOf(
  schema: RouteContract["params"],
  where: "path" | "query",
  prefix: string,
  schemas: Record<string, JsonSchema>,
): Parameter[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, "input", prefix, schemas);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      // A path parameter is always required in OpenAPI, whatever the schema says.
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** The multipart form of an upload: `files`, one or many (what the Files page sends). */
const uploadForm: JsonSchema = {
  type: "object",
  properties: {
    files: {
      type: "array",
      items: { type: "string", contentMediaType: "application/octet-stream" },
      description: "the files to learn, each its own part named `files`",
    },
  },
  required: ["files"],
};

function requestBodyOf(
  contract: RouteContract,
  prefix: string,
  schemas: Record<string, JsonSchema>,
): Operation["requestBody"] | undefined {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (contract.body)
    content["application/json"] = { schema: jsonSchemaOf(contract.body, "input", prefix, schemas) };
  // A body limit without a body schema: the route reads the raw body itself (a provider's signed webhook).
  else if (contract.bodyLimit)
    content["application/json"] = { schema: { description: "the provider's signed event" } };
  if (contract.upload) content["multipart/form-data"] = { schema: uploadForm };
  if (Object.keys(content).length === 0) return undefined;
  return { required: true, content };
}

const locationHeader = {
  Location: { description: "where to go next", schema: { type: "string" } },
};

function successOf(
  contract: RouteContract,
  prefix: string,
  schemas: Record<string, JsonSchema>,
): Record<string, unknown> {
  const json = () => ({ "application/json": { schema: envelopeOf(contract, prefix, schemas) } });
  switch (contract.responds ?? "json") {
    case "json":
      return { "200": { description: "`{data, meta?}`", content: json() } };
    case "json-or-sse":
      return {
        "200": {
          description:
            "`{data, meta?}` JSON, or with `Accept: text/event-stream` a stream of the events start, sources, delta, done and error",
          content: {
            ...json(),
            "text/event-stream": { schema: { type: "string", description: "server-sent events" } },
          },
        },
      };
    case "download":
      return {
        "200": {
          description: "a file (Content-Disposition: attachment)",
          headers: { "Content-Disposition": { schema: { type: "string" } } },
          content: contract.fileType
            ? { [contract.fileType]: { schema: { type: "string", format: "binary" } } }
            : {
                "text/csv": { schema: { type: "string" } },
                "application/json": { schema: {} },
              },
        },
      };
    case "json-or-redirect":
      return {
        "200": {
          description: "`{data}` for a script that asks for JSON (`Accept: application/json`)",
          content: json(),
        },
        "302": { description: "a followed link is redirected", headers: locationHeader },
      };
    case "redirect":
      return { "302": { description: "a redirect", headers: locationHeader } };
    case "document":
      return {
        "200": {
          description: "a JSON document, not wrapped in `{data}`",
          content: {
            "application/json": {
              schema: contract.data ? jsonSchemaOf(contract.data, "output", prefix, schemas) : {},
            },
          },
        },
      };
  }
}

/** The success body `{data, meta?}` around the contract's own schemas. */
function envelopeOf(
  contract: RouteContract,
  prefix: string,
  schemas: Record<string, JsonSchema>,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    data: contract.data ? jsonSchemaOf(contract.data, "output", prefix, schemas) : {},
  };
  const required = ["data"];
  if (contract.meta) {
    properties.meta = jsonSchemaOf(contract.meta, "output", prefix, schemas);
    required.push("meta");
  }
  return { type: "object", properties, required };
}
