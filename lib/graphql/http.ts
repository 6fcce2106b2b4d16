import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { readText } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";
import { MAX_BODY_BYTES, MAX_DOCUMENT_BYTES } from "./limits";

export type GraphqlParams = {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
};

const params = z.object({
  query: z.string().min(1),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(100).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});

/** GraphQL over HTTP: a JSON body on POST, or `query`/`variables`/`operationName` in a GET's URL. */
export async function readParams(req: Request): Promise<GraphqlParams> {
  let raw: unknown;
  if (req.method === "GET") {
    const q = cleanQuery(req.url);
    let variables: unknown = null;
    const v = q.get("variables");
    if (v) variables = parseJson(v);
    raw = { query: q.get("query") ?? "", variables, operationName: q.get("operationName") };
  } else {
    const type = req.headers.get("content-type") ?? "";
    if (!/^application\/(graphql-response\+)?json\b/i.test(type))
      throw new ApiError("unsupported_media_type");
    raw = parseJson(
      await readText(
        req,
        MAX_BODY_BYTES,
        () =>
          new ApiError("payload_too_large", "graphql_document_too_large", { max: MAX_DOCUMENT_BYTES / 1024 }),
      ),
    );
  }
  const result = params.safeParse(raw);
  if (!result.success) throw new ApiError("bad_request", "graphql_invalid_request");
  const { query, variables, operationName } = result.data;
  if (Buffer.byteLength(query, "utf8") > MAX_DOCUMENT_BYTES) {
    throw new ApiError("payload_too_large", "graphql_document_too_large", { max: MAX_DOCUMENT_BYTES / 1024 });
  }
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "invalid_json");
  }
}
