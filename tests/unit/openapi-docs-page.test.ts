import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contracts } from "@/lib/contracts";
import { type OpenApiDocument, openApiDocument } from "@/lib/openapi/document";
import { responseExample } from "@/lib/openapi/examples";
import { docText } from "@/lib/openapi/localize";
import { textsVi } from "@/lib/openapi/texts-vi";

/**
 * What the API reference page (/{lang}/docs/api) reads from the OpenAPI document: every summary and
 * description in Vietnamese too, a Required column that agrees with the words beside it, and a response
 * example per route that the route's own schema accepts.
 */

const doc = openApiDocument(contracts, { serverUrl: "https://agentcity.example", version: "1.2.3" });

/** Every `summary` and `description` string in the document's operations and schemas, with where it is. */
function texts(document: OpenApiDocument): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, at: string) => {
    if (!value || typeof value !== "object") return;
    for (const [key, v] of Object.entries(value)) {
      if ((key === "summary" || key === "description") && typeof v === "string") found.set(v, at);
      else walk(v, `${at}.${key}`);
    }
  };
  walk(document.paths, "paths");
  walk(document.components.schemas, "components.schemas");
  return found;
}

const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method, op })),
);

describe("the reference page in Vietnamese", () => {
  it("has a Vietnamese text for every summary and field description of the document", () => {
    const found = texts(doc);
    expect(found.size).toBeGreaterThan(150);
    const missing = [...found].filter(([text]) => !textsVi[text]?.trim()).map(([t, at]) => `${at}: ${t}`);
    expect(missing).toEqual([]);
  });

  it("fails for a new field described in English only", () => {
    const withNew = openApiDocument(
      {
        ...contracts,
        getAgent: {
          ...contracts.getAgent,
          data: contracts.getAgent.data.extend({
            vip: (contracts.getAgent.data.shape.name as z.ZodString).describe("a brand new field"),
          }),
        },
      },
      { serverUrl: "https://agentcity.example", version: "1" },
    );
    expect([...texts(withNew).keys()].filter((t) => !textsVi[t])).toEqual(["a brand new field"]);
  });

  it("keeps no translation of a text the document no longer has (a reworded description)", () => {
    const found = texts(doc);
    expect(Object.keys(textsVi).filter((en) => !found.has(en))).toEqual([]);
  });

  it("reads Vietnamese that is not the English copied over (beyond codes and formats)", () => {
    const same = Object.entries(textsVi).filter(([en, vi]) => en === vi && /[a-z]{4,} [a-z]{3,}/i.test(en));
    expect(same).toEqual([]);
    // Vietnamese has its diacritics; a text made of words needs some.
    const plain = Object.entries(textsVi).filter(
      ([en, vi]) => /\b[a-z]{3,} [a-z]{3,}\b/i.test(en) && !/[^\u0020-\u007e]/.test(vi),
    );
    expect(plain).toEqual([]);
  });

  it("renders the page's language: Vietnamese on /vi, the contracts' English on /en", () => {
    const save = doc.paths["/api/v1/agent"]!.post!;
    expect(docText("vi")(save.summary)).toBe(
      "Cập nhật trợ lý mà yêu cầu tác động (200), hoặc tạo trợ lý đầu tiên của không gian làm việc (201) khi chưa có.",
    );
    expect(docText("en")(save.summary)).toBe(save.summary);
    expect(docText("vi")(undefined)).toBeUndefined();
    // An untranslated text shows its English rather than nothing.
    expect(docText("vi")("not in the table")).toBe("not in the table");
  });
});

describe("the Required column and the descriptions agree", () => {
  it("marks from/to of days and insights and the export's date required, as their handlers are", () => {
    const required = (path: string) =>
      Object.fromEntries(doc.paths[path]!.get!.parameters!.map((p) => [p.name, p.required]));
    expect(required("/api/v1/agent/conversations/days")).toEqual({ from: true, to: true, tz: false });
    expect(required("/api/v1/agent/insights")).toEqual({ from: true, to: true, tz: false });
    expect(required("/api/v1/agent/conversations/export")).toEqual({ date: true, format: false, tz: false });
  });

  it("says (required) of no optional parameter or field", () => {
    const contradictions = operations.flatMap(({ path, method, op }) =>
      (op.parameters ?? [])
        .filter((p) => !p.required && /\brequired\b/i.test(p.description ?? ""))
        .map((p) => `${method} ${path} ${p.name}: ${p.description}`),
    );
    const schemaFields = [...texts(doc)].filter(([t]) => /\(required/i.test(t));
    expect(contradictions).toEqual([]);
    expect(schemaFields).toEqual([]);
  });

  it("refuses a day range without its ends at the contract, as the handler would", () => {
    const query = contracts.conversationDays.query;
    expect(query.safeParse({ to: "2026-11-28" }).success).toBe(false);
    expect(query.safeParse({ from: "2026-11-01", to: "2026-11-28" }).success).toBe(true);
    expect(contracts.exportDay.query.safeParse({ format: "csv" }).success).toBe(false);
  });
});

describe("response examples", () => {
  /** A contract's answer as it is sent: the document itself, or {data, meta?}. */
  const check = (name: keyof typeof contracts, example: unknown) => {
    const contract = contracts[name] as { data?: z.ZodType; meta?: z.ZodType; responds?: string };
    // An event stream's contract describes no JSON body: there is nothing for its example to match.
    if (!contract.data) return { success: true, error: undefined };
    if (contract.responds === "document") return contract.data!.safeParse(example);
    const body = example as { data: unknown; meta?: unknown };
    const data = contract.data!.safeParse(body.data);
    if (!data.success || !contract.meta) return data;
    return contract.meta.safeParse(body.meta);
  };

  it("has one for every operation that answers JSON", () => {
    const without = operations
      .filter(({ op }) => {
        const ok = op.responses["200"] as { content?: Record<string, unknown> } | undefined;
        return ok?.content?.["application/json"] && responseExample(doc, op) === undefined;
      })
      .map(({ op }) => op.operationId);
    // The export's JSON is a file whose shape the contract does not describe.
    expect(without).toEqual(["exportDay"]);
    const withExample = operations.filter(({ op }) => responseExample(doc, op) !== undefined);
    expect(withExample.length).toBeGreaterThanOrEqual(40);
  });

  it.each(
    operations
      .filter(({ op }) => responseExample(doc, op) !== undefined)
      .map(({ op }) => [op.operationId, op]),
  )("%s: the example passes the route's own response schema", (name, op) => {
    const example = responseExample(doc, op);
    const result = check(name as keyof typeof contracts, example);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    // Realistic, not placeholders: no string is just its own field name.
    const json = JSON.stringify(example);
    for (const m of json.matchAll(/"([a-z_]+)":"([^"]*)"/g)) expect(m[2], `${name}.${m[1]}`).not.toBe(m[1]);
  });

  it("gives ids the shape their descriptions promise", () => {
    const answer = responseExample(doc, doc.paths["/api/v1/agent/conversation/message"]!.post!) as {
      data: { message: { id: string; conversation_id: string } };
    };
    expect(answer.data.message.id).toMatch(/^msg_/);
    expect(answer.data.message.conversation_id).toMatch(/^conv_/);
    const keys = responseExample(doc, doc.paths["/api/v1/agent/api-keys"]!.get!) as {
      data: { id: string }[];
    };
    expect(keys.data[0]!.id).toMatch(/^key_/);
  });

  it("would notice an example the schema refuses", () => {
    const op = doc.paths["/api/v1/agent"]!.get!;
    const example = responseExample(doc, op) as { data: Record<string, unknown> };
    expect(check("getAgent", { data: { ...example.data, kind: "robot" } }).success).toBe(false);
  });
});
