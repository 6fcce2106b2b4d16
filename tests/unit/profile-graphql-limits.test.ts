import { getOperationAST, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, MAX_FIELDS, shapeOf } from "@/lib/graphql/limits";

const shape = (query: string, name?: string) => {
  const doc = parse(query);
  const op = getOperationAST(doc, name);
  if (!op) throw new Error("no operation");
  return shapeOf(doc, op);
};

const nested = (levels: number) => `{ ${"a { ".repeat(levels - 1)}b${" }".repeat(levels - 1)} }`;

describe("GraphQL document shape", () => {
  it("measures the depth of a profile query", () => {
    expect(shape("{ profile { id email } }")).toEqual({ depth: 2, fields: 3 });
    expect(shape("mutation { update_profile(input: {}) { avatar } }").depth).toBe(2);
  });

  it("counts nesting exactly", () => {
    expect(MAX_DEPTH).toBe(8);
    expect(shape(nested(8)).depth).toBe(8);
    expect(shape(nested(9)).depth).toBe(9);
  });

  it("follows fragments and inline fragments", () => {
    const q = `query Q { ...A } fragment A on Query { a { ... on T { b { ...B } } } } fragment B on T { c { d } }`;
    expect(shape(q, "Q").depth).toBe(4);
  });

  it("treats a fragment cycle as too deep", () => {
    const q = `{ ...A } fragment A on Query { a { ...B } } fragment B on T { b { ...A } }`;
    expect(shape(q).depth).toBe(Number.POSITIVE_INFINITY);
  });

  it("counts aliased fields, so alias floods are caught", () => {
    const q = `mutation { ${Array.from({ length: MAX_FIELDS + 5 }, (_, i) => `a${i}: update_profile(input: {}) { avatar }`).join(" ")} }`;
    expect(shape(q).fields).toBeGreaterThan(MAX_FIELDS);
  });

  it("leaves introspection depth to graphql's own rule", () => {
    expect(
      shape("{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }").depth,
    ).toBe(1);
  });
});
