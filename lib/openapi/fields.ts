import type { JsonSchema } from "./json-schema";

/** A parameter or body field as the API reference page lists it. */
export type FieldRow = { name: string; type: string; required: boolean; description?: string };

/** A short type for people: `string`, `"text" | "url"`, `string[]`, `integer | null`, `any`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "object";
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return unique(variants.map(typeLabel)).join(" | ");
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  if (types.length === 0) return "any";
  return types
    .map((t) => (t === "array" ? `${typeLabel(schema.items as JsonSchema | undefined)}[]` : t))
    .join(" | ");
}

/**
 * The top-level fields of a body. A union of objects (a body of several kinds, like a document that is
 * a text or a website) lists each field once, with the types it may have, required when every kind
 * that has it requires it.
 */
export function bodyFields(schema: JsonSchema | undefined): FieldRow[] {
  if (!schema) return [];
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  const objects = Array.isArray(variants) ? variants : [schema];
  const rows = new Map<string, FieldRow & { types: string[] }>();
  for (const variant of objects) {
    const properties = (variant.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set(Array.isArray(variant.required) ? (variant.required as string[]) : []);
    for (const [name, property] of Object.entries(properties)) {
      const row = rows.get(name) ?? { name, type: "", types: [], required: true };
      row.types.push(typeLabel(property));
      row.required &&= required.has(name);
      if (!row.description && typeof property.description === "string")
        row.description = property.description;
      rows.set(name, row);
    }
  }
  return [...rows.values()].map(({ types, ...row }) => ({ ...row, type: unique(types).join(" | ") }));
}

const unique = (xs: string[]) => [...new Set(xs)];
