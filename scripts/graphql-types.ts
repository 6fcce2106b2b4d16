import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLEnumType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  typeFromAST,
  validate,
} from "graphql";
import { billingOperations } from "@/lib/client/billing-operations";
import { schema } from "@/lib/graphql/schema";

/**
 * Writes lib/client/billing-types.generated.ts: for each operation of lib/client/billing-operations.ts, the
 * type of its `data` and of its variables, read from the one schema (lib/graphql). An operation the schema
 * does not accept stops it with the schema's own messages. tests/unit/graphql-types.test.ts fails when the
 * written file is out of step.
 *
 * What a generated type says: a non-null field is always there, a nullable one is `T | null`, a field under
 * @skip or @include may be missing (`?`); enums are unions of their values. Variables: a non-null one without
 * a default is required, the others may be left out or null, as GraphQL coerces them.
 */

export const OUTPUT = "lib/client/billing-types.generated.ts";
const SOURCE = "lib/client/billing-operations.ts";
const LINE_WIDTH = 110;

/** An operation the generator cannot type: the message names the operation and says why. */
export class OperationTypesError extends Error {
  override name = "OperationTypesError";
}

const SCALARS: Readonly<Record<string, string>> = {
  ID: "string",
  String: "string",
  Int: "number",
  Float: "number",
  Boolean: "boolean",
};

type Named = { enums: Map<string, GraphQLEnumType>; inputs: Map<string, GraphQLInputObjectType> };

/** The file's text for these operations (keyed by operation name), or an OperationTypesError. */
export function operationTypesSource(
  s: GraphQLSchema,
  operations: Readonly<Record<string, unknown>>,
  opts: { source: string; mapName: string } = { source: SOURCE, mapName: "BillingOperations" },
): string {
  const named: Named = { enums: new Map(), inputs: new Map() };
  const blocks: string[] = [];
  const map: string[] = [];
  for (const [key, text] of Object.entries(operations)) {
    const { operation, fragments } = readOperation(s, key, text);
    const typeName = `${key}${operation.operation === "query" ? "Query" : "Mutation"}`;
    blocks.push(
      `/** ${operation.operation} ${key} */`,
      declaration(`${typeName}Variables`, variablesType(s, operation, named)),
      declaration(
        typeName,
        selectionType(s.getRootType(operation.operation)!, operation.selectionSet, 0, fragments, named, key),
      ),
    );
    map.push(`  ${key}: {`, `    result: ${typeName};`, `    variables: ${typeName}Variables;`, "  };");
  }
  const shared: string[] = [];
  for (const e of [...named.enums.values()].sort(byName)) {
    shared.push(
      ...doc(e.description, ""),
      union(
        e.name,
        e.getValues().map((v) => JSON.stringify(v.name)),
      ),
    );
  }
  for (const i of [...named.inputs.values()].sort(byName)) {
    shared.push(...doc(i.description, ""), declaration(i.name, inputObjectType(i, named)));
  }
  const taken = new Set([...named.enums.keys(), ...named.inputs.keys()]);
  for (const key of Object.keys(operations)) {
    for (const suffix of ["Query", "Mutation", "QueryVariables", "MutationVariables"]) {
      if (taken.has(key + suffix))
        throw new OperationTypesError(`${key}: ${key + suffix} is also a schema type's name`);
    }
  }
  return [
    `// Written by \`npm run graphql:types\` (scripts/graphql-types.ts) from the schema in lib/graphql and the`,
    `// operations of ${opts.source}; do not edit by hand.`,
    "",
    ...shared,
    ...blocks,
    `export type ${opts.mapName} = {`,
    ...map,
    "};",
    "",
  ].join("\n");
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Parses and validates one operation; its fragments may be in the same text. */
function readOperation(s: GraphQLSchema, key: string, text: unknown) {
  if (typeof text !== "string") throw new OperationTypesError(`${key}: not a string`);
  let document: ReturnType<typeof parse>;
  try {
    document = parse(text);
  } catch (err) {
    throw new OperationTypesError(`${key}: ${(err as Error).message}`);
  }
  const invalid = validate(s, document);
  if (invalid.length > 0) {
    throw new OperationTypesError(`${key}: ${invalid.map((e) => e.message).join("; ")}`);
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1)
    throw new OperationTypesError(`${key}: holds ${operations.length} operations, not one`);
  const operation = operations[0] as OperationDefinitionNode;
  if (operation.name?.value !== key) {
    throw new OperationTypesError(
      `${key}: the operation is named ${operation.name?.value ?? "nothing"}, not ${key}`,
    );
  }
  if (operation.operation === "subscription")
    throw new OperationTypesError(`${key}: subscriptions are not served`);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return { operation, fragments };
}

type Collected = { name: string; nodes: FieldNode[]; conditional: boolean };

/**
 * The fields a selection set answers, by response key (alias or name), fragments spread in. The same key
 * selected twice is one field whose sub-selections merge (validation made sure they agree); it may be
 * missing only when every selection of it is under @skip or @include.
 */
function collect(
  parent: GraphQLObjectType,
  set: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  conditional: boolean,
  into: Map<string, Collected>,
  key: string,
): Map<string, Collected> {
  for (const sel of set.selections) {
    const maybe =
      conditional || (sel.directives ?? []).some((d) => ["skip", "include"].includes(d.name.value));
    if (sel.kind === Kind.FIELD) {
      const responseKey = sel.alias?.value ?? sel.name.value;
      const seen = into.get(responseKey);
      if (seen) {
        seen.nodes.push(sel);
        seen.conditional &&= maybe;
      } else {
        into.set(responseKey, { name: sel.name.value, nodes: [sel], conditional: maybe });
      }
      continue;
    }
    const fragment = sel.kind === Kind.FRAGMENT_SPREAD ? fragments.get(sel.name.value)! : sel;
    const on = fragment.typeCondition?.name.value ?? parent.name;
    if (on !== parent.name) {
      throw new OperationTypesError(
        `${key}: a fragment on ${on} inside ${parent.name} (only the same type is supported)`,
      );
    }
    collect(parent, fragment.selectionSet, fragments, maybe, into, key);
  }
  return into;
}

function selectionType(
  parent: GraphQLObjectType,
  set: SelectionSetNode,
  depth: number,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  named: Named,
  key: string,
): string {
  const pad = "  ".repeat(depth + 1);
  const lines: string[] = [];
  for (const [responseKey, field] of collect(parent, set, fragments, false, new Map(), key)) {
    const optional = field.conditional ? "?" : "";
    if (field.name === "__typename") {
      lines.push(`${pad}${responseKey}${optional}: ${JSON.stringify(parent.name)};`);
      continue;
    }
    const def = parent.getFields()[field.name] as GraphQLField<unknown, unknown>;
    const sub: SelectionSetNode = {
      kind: Kind.SELECTION_SET,
      selections: field.nodes.flatMap((n) => n.selectionSet?.selections ?? []),
    };
    lines.push(...doc(def.description, pad));
    const type = outputType(def.type, sub, depth + 1, fragments, named, key);
    lines.push(`${pad}${responseKey}${optional}: ${type};`);
  }
  return lines.length === 0 ? "Record<string, never>" : `{\n${lines.join("\n")}\n${"  ".repeat(depth)}}`;
}

function outputType(
  type: GraphQLOutputType,
  sub: SelectionSetNode,
  depth: number,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  named: Named,
  key: string,
): string {
  if (isNonNullType(type))
    return outputType(type.ofType, sub, depth, fragments, named, key).replace(/ \| null$/, "");
  let ts: string;
  if (isListType(type)) ts = listOf(outputType(type.ofType, sub, depth, fragments, named, key));
  else if (isObjectType(type)) ts = selectionType(type, sub, depth, fragments, named, key);
  else if (isEnumType(type)) ts = enumName(type, named);
  else if (isScalarType(type) && SCALARS[type.name]) ts = SCALARS[type.name]!;
  else throw new OperationTypesError(`${key}: ${type} is not supported (abstract type or custom scalar)`);
  return `${ts} | null`;
}

function listOf(item: string): string {
  return item.endsWith(" | null") ? `(${item})[]` : `${item}[]`;
}

function enumName(type: GraphQLEnumType, named: Named): string {
  named.enums.set(type.name, type);
  return type.name;
}

function inputType(type: GraphQLInputType, named: Named): string {
  if (isNonNullType(type)) return inputType(type.ofType, named).replace(/ \| null$/, "");
  let ts: string;
  if (isListType(type)) ts = listOf(inputType(type.ofType, named));
  else if (isEnumType(type)) ts = enumName(type, named);
  else if (isInputObjectType(type)) {
    if (!named.inputs.has(type.name)) {
      named.inputs.set(type.name, type);
      inputObjectType(type, named);
    }
    ts = type.name;
  } else if (isScalarType(type) && SCALARS[type.name]) ts = SCALARS[type.name]!;
  else throw new OperationTypesError(`${type} is not supported (custom scalar)`);
  return `${ts} | null`;
}

/** A field or variable may be left out unless it is non-null without a default. */
function member(name: string, type: GraphQLInputType, hasDefault: boolean, named: Named): string {
  const required = isNonNullType(type) && !hasDefault;
  return `  ${name}${required ? "" : "?"}: ${inputType(type, named)};`;
}

function inputObjectType(type: GraphQLInputObjectType, named: Named): string {
  const lines = Object.values(type.getFields()).flatMap((f) => [
    ...doc(f.description, "  "),
    member(f.name, f.type, f.default !== undefined, named),
  ]);
  return lines.length === 0 ? "Record<string, never>" : `{\n${lines.join("\n")}\n}`;
}

function variablesType(s: GraphQLSchema, operation: OperationDefinitionNode, named: Named): string {
  const lines = (operation.variableDefinitions ?? []).map((v) => {
    const type = typeFromAST(s, v.type) as GraphQLInputType;
    return member(v.variable.name.value, type, v.defaultValue !== undefined, named);
  });
  return lines.length === 0 ? "Record<string, never>" : `{\n${lines.join("\n")}\n}`;
}

function declaration(name: string, type: string): string {
  return `export type ${name} = ${type};\n`;
}

/** A union on one line, or one member a line when it is too long (as the formatter lays it out). */
function union(name: string, members: string[]): string {
  const line = `export type ${name} = ${members.join(" | ")};`;
  if (line.length <= LINE_WIDTH) return `${line}\n`;
  return `export type ${name} =\n${members.map((m) => `  | ${m}`).join("\n")};\n`;
}

/** The schema's description as a doc comment, on one line. */
function doc(description: string | null | undefined, pad: string): string[] {
  if (!description) return [];
  return [`${pad}/** ${description.replace(/\s+/g, " ").replaceAll("*/", "*\\/")} */`];
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  try {
    writeFileSync(path.resolve(OUTPUT), operationTypesSource(schema(), billingOperations));
    console.log(`${OUTPUT} written`);
  } catch (err) {
    if (!(err instanceof OperationTypesError)) throw err;
    console.error(`${SOURCE}: ${err.message}`);
    process.exit(1);
  }
}
