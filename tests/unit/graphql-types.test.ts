import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { billingOperations } from "@/lib/client/billing-operations";
import { schema } from "@/lib/graphql/schema";
import { OperationTypesError, OUTPUT, operationTypesSource } from "@/scripts/graphql-types";

const root = path.resolve(import.meta.dirname, "../..");

const opts = { source: "test", mapName: "Ops" };

/** A schema with every shape the generator maps: nullable and non-null, lists of both, enums, inputs. */
const toy = buildSchema(/* GraphQL */ `
  "a closed set"
  enum Colour { red green }
  input Filter {
    colour: Colour
    limit: Int = 10
    tags: [String!]!
  }
  type Item {
    id: ID!
    "the item's name"
    name: String
    colour: Colour!
    parts: [Item]
    score: Float!
  }
  type Query {
    items(filter: Filter): [Item!]!
    item(id: ID!): Item
  }
  type Mutation {
    touch(ids: [ID!]!, all: Boolean = false): Boolean!
  }
`);

/** The generated declaration of one type, as text. */
function declared(source: string, name: string): string {
  const start = source.indexOf(`export type ${name} =`);
  expect(start).toBeGreaterThanOrEqual(0);
  return source.slice(start, source.indexOf(";\n\n", start) + 1);
}

describe("the billing client's generated GraphQL types", () => {
  it("are what the schema and the operations say (run `npm run graphql:types` after changing either)", () => {
    expect(readFileSync(path.join(root, OUTPUT), "utf8")).toBe(
      operationTypesSource(schema(), billingOperations),
    );
  });

  it("type closed sets as the schema's enums and keep nullable answers nullable", () => {
    const source = operationTypesSource(schema(), billingOperations);
    expect(source).toContain('export type Cycle = "monthly" | "yearly";');
    expect(source).toContain(
      'export type SubscriptionStatus = "verifying" | "active" | "past_due" | "expired" | "canceled" | "incomplete";',
    );
    expect(declared(source, "SubscriptionQuery")).toMatch(/^ {4}cycle: Cycle \| null;$/m);
    expect(declared(source, "SubscriptionQuery")).toMatch(/^ {2}\} \| null;$/m);
    expect(declared(source, "InvoicesQuery")).toMatch(/^ {4}type: Cycle;$/m);
  });
});

describe("scripts/graphql-types.ts", () => {
  it("refuses an operation selecting a field the schema lacks, naming it", () => {
    const bad = { Payment: "query Payment { payment { status colour } }" };
    expect(() => operationTypesSource(schema(), bad)).toThrow(OperationTypesError);
    expect(() => operationTypesSource(schema(), bad)).toThrow(
      /Payment: Cannot query field "colour" on type "Payment"/,
    );
  });

  it("refuses what it cannot name or type: a wrong name, two operations, a syntax error, a wrong variable", () => {
    const cases: Record<string, string>[] = [
      { Items: "query Other { items { id } }" },
      { Items: "query Items { items { id } } query Items2 { items { id } }" },
      { Items: "query Items { items { id }" },
      { Items: "query Items($f: Int) { items(filter: $f) { id } }" },
      { Items: "{ items { id } }" },
    ];
    for (const ops of cases) expect(() => operationTypesSource(toy, ops, opts)).toThrow(OperationTypesError);
  });

  it("maps nullability, lists, nested selections, aliases, fragments and @include", () => {
    const source = operationTypesSource(
      toy,
      {
        Items: `query Items($filter: Filter, $withParts: Boolean!) {
          items(filter: $filter) { id label: name ...Bits parts @include(if: $withParts) { id } }
          first: item(id: "1") { __typename colour }
        }
        fragment Bits on Item { colour score }`,
      },
      opts,
    );
    expect(declared(source, "ItemsQuery")).toBe(
      [
        "export type ItemsQuery = {",
        "  items: {",
        "    id: string;",
        "    /** the item's name */",
        "    label: string | null;",
        "    colour: Colour;",
        "    score: number;",
        "    parts?: ({",
        "      id: string;",
        "    } | null)[] | null;",
        "  }[];",
        "  first: {",
        '    __typename: "Item";',
        "    colour: Colour;",
        "  } | null;",
        "};",
      ].join("\n"),
    );
    expect(declared(source, "ItemsQueryVariables")).toBe(
      [
        "export type ItemsQueryVariables = {",
        "  filter?: Filter | null;",
        "  withParts: boolean;",
        "};",
      ].join("\n"),
    );
    // A field with a default may be left out; a non-null list of non-null strings may not.
    expect(declared(source, "Filter")).toBe(
      [
        "export type Filter = {",
        "  colour?: Colour | null;",
        "  limit?: number | null;",
        "  tags: string[];",
        "};",
      ].join("\n"),
    );
    expect(source).toContain('/** a closed set */\nexport type Colour = "red" | "green";');
  });

  it("types a mutation's variables with defaults as optional", () => {
    const source = operationTypesSource(
      toy,
      { Touch: "mutation Touch($ids: [ID!]!, $all: Boolean = true) { touch(ids: $ids, all: $all) }" },
      opts,
    );
    expect(declared(source, "TouchMutationVariables")).toBe(
      ["export type TouchMutationVariables = {", "  ids: string[];", "  all?: boolean | null;", "};"].join(
        "\n",
      ),
    );
    expect(declared(source, "TouchMutation")).toBe(
      ["export type TouchMutation = {", "  touch: boolean;", "};"].join("\n"),
    );
    expect(source).toContain(
      "  Touch: {\n    result: TouchMutation;\n    variables: TouchMutationVariables;\n  };",
    );
  });
});
