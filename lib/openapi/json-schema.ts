import { z } from "zod";

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as an open object. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A contract's zod schema as JSON Schema: `input` for what a caller sends (before defaults and
 * transforms), `output` for what the server answers. Never throws: a transform, a custom check or any
 * other type JSON Schema cannot say becomes `{}` (anything), so a new contract cannot break the document.
 *
 * Definitions the converter hoists (recursive or registered schemas) go to `defs` under names prefixed
 * with `prefix`, and their references are rewritten to #/components/schemas/…: inside an OpenAPI document
 * `#` is the document, not the schema, so zod's `#/$defs/…` (or `#` for a schema that contains itself)
 * would not resolve.
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  io: "input" | "output",
  prefix: string,
  defs: Record<string, JsonSchema>,
): JsonSchema {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      cycles: "ref",
      reused: "inline",
    }) as JsonSchema;
  } catch {
    // Belt and braces: a schema zod cannot walk at all is described as anything rather than crashing.
    return {};
  }
  const { $schema: _dialect, $defs, ...rest } = converted;
  const root = `${prefix}root`;
  let selfReferenced = false;
  const relink = (ref: string) => {
    if (ref === "#") {
      selfReferenced = true;
      return `#/components/schemas/${root}`;
    }
    return ref.replace(/^#\/\$defs\//, `#/components/schemas/${prefix}`);
  };
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    defs[`${prefix}${id}`] = rewriteRefs(def, relink) as JsonSchema;
  }
  const schemaOut = rewriteRefs(rest, relink) as JsonSchema;
  if (!selfReferenced) return schemaOut;
  defs[root] = schemaOut;
  return { $ref: `#/components/schemas/${root}` };
}

function rewriteRefs(value: unknown, relink: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, relink));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" ? relink(v) : rewriteRefs(v, relink),
    ]),
  );
}
