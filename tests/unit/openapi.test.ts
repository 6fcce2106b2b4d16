import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contracts } from "@/lib/contracts";
import { defineRoute } from "@/lib/contracts/contract";
import { type OpenApiDocument, openApiDocument } from "@/lib/openapi/document";

/**
 * BEYOND-4: the generated OpenAPI document is valid 3.1, and it and the route files agree both ways: a
 * route nobody described or a described route without its file fails here.
 */

const root = path.resolve(import.meta.dirname, "../..");
const ROUTE_DIRS = ["app/api/v1", "app/oauth2"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const build = (routes: Record<string, Parameters<typeof openApiDocument>[0][string]> = contracts) =>
  openApiDocument(routes, { serverUrl: "https://agentcity.example/", version: "1.2.3" });

/** Every route file's served path (`[id]` → `{id}`) and the HTTP methods it exports. */
function routeFiles(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const dir of ROUTE_DIRS) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (path.basename(file) !== "route.ts") continue;
      const rel = path.join(dir, file).split(path.sep).join("/");
      const served = `/${rel.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`.replace(
        /\[([^\]]+)\]/g,
        "{$1}",
      );
      const source = readFileSync(path.join(root, rel), "utf8");
      const methods = [...source.matchAll(/export\s+(?:async\s+)?(?:const|function)\s+([A-Z]+)\b/g)]
        .map((m) => m[1]!)
        .filter((m) => METHODS.includes(m));
      found.set(served, new Set(methods));
    }
  }
  return found;
}

function documented(doc: OpenApiDocument): Map<string, Set<string>> {
  return new Map(
    Object.entries(doc.paths).map(([p, ops]) => [p, new Set(Object.keys(ops).map((m) => m.toUpperCase()))]),
  );
}

const sorted = (m: Map<string, Set<string>>) =>
  Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)).map(([p, ms]) => [p, [...ms].sort()]));

describe("OpenAPI document", () => {
  const doc = build();

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has the title, the version and the server it was given", () => {
    expect(doc.info).toMatchObject({ title: "AgentCity API", version: "1.2.3" });
    expect(doc.servers).toEqual([{ url: "https://agentcity.example" }]);
  });

  it("describes exactly the routes the app serves, with the same methods", () => {
    const files = routeFiles();
    expect(files.size).toBeGreaterThanOrEqual(28);
    expect(sorted(documented(doc))).toEqual(sorted(files));
  });

  it("would notice a route file the document lacks", () => {
    const { listModels: _dropped, ...fewer } = contracts;
    expect(sorted(documented(build(fewer)))).not.toEqual(sorted(routeFiles()));
  });

  it("requires the name in the body of POST /api/v1/agent and names the operation after its contract", () => {
    const op = doc.paths["/api/v1/agent"]!.post!;
    expect(op.operationId).toBe("saveAgent");
    expect(op.tags).toEqual(["agent"]);
    const schema = op.requestBody!.content["application/json"]!.schema as {
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(schema.required).toEqual(["name"]);
    expect(schema.properties.name!.description).toBe("the agent's name, one line");
  });

  it("wraps a success in {data, meta?}", () => {
    const ok = doc.paths["/api/v1/agent/conversations"]!.get!.responses["200"] as {
      content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }>;
    };
    const schema = ok.content["application/json"]!.schema;
    expect(schema.required).toEqual(["data", "meta"]);
    expect(schema.properties.data).toMatchObject({ type: "array" });
  });

  it("answers errors with the one shared error component, by what the route can refuse", () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["error"],
      properties: { error: { required: ["status", "message", "detail"] } },
    });
    const save = doc.paths["/api/v1/agent"]!.post!.responses;
    expect(Object.keys(save).sort()).toEqual(["200", "400", "401", "403", "413", "422"]);
    expect(save["422"]).toEqual({ $ref: "#/components/responses/422" });
    expect(doc.components.responses["422"]).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
    // A public read refuses nothing but a bad id.
    expect(Object.keys(doc.paths["/api/v1/public/agent/{id}"]!.get!.responses).sort()).toEqual([
      "200",
      "404",
    ]);
    expect(doc.paths["/api/v1/public/agent/conversation/message"]!.post!.responses).toHaveProperty("429");
  });

  it("turns :name into {name} with a required path parameter", () => {
    const op = doc.paths["/api/v1/agent/document/{id}"]!.delete!;
    expect(op.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
  });

  it("says how streams, downloads, redirects, uploads and the document itself answer", () => {
    const stream = doc.paths["/api/v1/agent/conversation/message"]!.post!.responses["200"];
    expect(stream).toMatchObject({ content: { "text/event-stream": {}, "application/json": {} } });
    expect(doc.paths["/api/v1/agent/conversations/export"]!.get!.responses["200"]).toMatchObject({
      content: { "text/csv": {} },
    });
    expect(doc.paths["/oauth2/auth"]!.get!.responses).toHaveProperty("302");
    expect(doc.paths["/api/v1/auth/{provider}/new"]!.get!.responses).toHaveProperty("302");
    expect(doc.paths["/api/v1/agent/document"]!.post!.requestBody!.content).toHaveProperty(
      "multipart/form-data",
    );
    const self = doc.paths["/api/v1/openapi.json"]!.get!.responses["200"] as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(self.content["application/json"]!.schema.properties).toHaveProperty("openapi");
    expect(self.content["application/json"]!.schema.properties).not.toHaveProperty("data");
  });

  it("asks for the session on signed-in routes and nothing on public ones", () => {
    expect(doc.paths["/api/v1/agent"]!.get!.security).toEqual([{ sessionCookie: [] }, { accessToken: [] }]);
    expect(doc.paths["/api/v1/public/agent/{id}"]!.get!.security).toEqual([]);
    expect(doc.components.securitySchemes).toHaveProperty("apiKey");
  });

  it("adds the owner's API key to a contract that allows it", async () => {
    const withKey = build({
      keyed: defineRoute({
        method: "GET",
        path: "/api/v1/agent/conversations",
        auth: "owner-agent",
        apiKey: true,
        summary: "a route an API key may call",
        data: z.array(z.string()),
      }),
    });
    const op = withKey.paths["/api/v1/agent/conversations"]!.get!;
    expect(op.security).toContainEqual({ apiKey: [] });
    expect(withKey.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect((await new Validator().validate(structuredClone(withKey))).valid).toBe(true);
  });

  it("describes a schema JSON Schema cannot say as anything instead of failing", async () => {
    const tree: z.ZodType = z.object({ children: z.array(z.lazy(() => tree)) });
    const odd = build({
      odd: defineRoute({
        method: "POST",
        path: "/api/v1/odd/:id",
        auth: "none",
        summary: "transforms, dates, custom checks and recursion",
        params: z.object({ id: z.string().transform(Number) }),
        body: z.object({ when: z.date(), custom: z.custom<string>(), big: z.bigint().optional() }),
        data: z.object({ n: z.string().transform((s) => s.length), tree: z.lazy(() => tree) }),
      }),
    });
    expect(odd.paths["/api/v1/odd/{id}"]!.post!.operationId).toBe("odd");
    // A recursive schema's definitions move to the components, where its references point.
    const refs = JSON.stringify(odd).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.some((r) => r.includes("#/components/schemas/odd_"))).toBe(true);
    expect(refs.filter((r) => r.includes("$defs") || r === '"$ref":"#"')).toEqual([]);
    expect((await new Validator().validate(structuredClone(odd))).valid).toBe(true);
  });
});
