import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineRoute } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/respond";
import { type CallerMap, routeBuilder } from "@/lib/http/route";

/** The route builder without a database: contracts whose caller is anyone. */
const route = routeBuilder<CallerMap, { db: null }>({
  deps: async () => ({ db: null }),
  caller: async (kind) => {
    if (kind !== "none") throw new ApiError("unauthorized");
    return {};
  },
  apiKey: {
    carries: () => false,
    resolve: async () => ({}),
    fromSession: (owner) => owner,
    notAllowed: () => new ApiError("unauthorized"),
  },
});

const next = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const url = "http://localhost:3000";

describe("parseQuery", () => {
  const schema = z.object({ page: z.coerce.number().int().min(1).catch(1), q: z.string().optional() });

  it("reads the first value of a name, cleaned, with the schema's fallbacks", () => {
    const req = new Request(`${url}/x?page=2&page=3&q=a%00b%E2%80%AE`);
    expect(parseQuery(req, schema)).toEqual({ page: 2, q: "ab" });
    expect(parseQuery(new Request(`${url}/x?page=zero`), schema)).toEqual({ page: 1 });
    expect(parseQuery(new Request(`${url}/x?constructor=1&__proto__=2`), schema)).toEqual({ page: 1 });
  });

  it("answers a miss with 422 per field, or the route's own error", () => {
    const strict = z.object({ path: z.string().startsWith("/") });
    const req = new Request(`${url}/x?path=nope`);
    expect(() => parseQuery(req, strict)).toThrow(
      expect.objectContaining({ status: 422, fields: { path: expect.any(String) } }),
    );
    const own = () => new ApiError("bad_request", "cursor_invalid");
    expect(() => parseQuery(req, strict, own)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe("route", () => {
  const contract = defineRoute({
    method: "POST",
    path: "/api/v1/things/:id",
    auth: "none",
    summary: "a test route",
    params: z.object({ id: z.string().regex(/^\d+$/) }),
    notFound: "document_not_found",
    query: z.object({ n: z.coerce.number().catch(0) }),
    body: z.object({ name: z.string().min(1) }),
    bodyLimit: 100,
    data: z.object({ id: z.string(), n: z.number(), name: z.string() }),
  });
  let bodyRead = false;
  const POST = route(contract, async ({ ok, params, query, body }) => {
    if (query.n < 0) return ok({ id: params.id, n: query.n, name: "" });
    bodyRead = true;
    const { name } = await body();
    return ok({ id: params.id, n: query.n, name });
  });
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    POST(
      new Request(`${url}${path}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", origin: url, ...headers },
      }),
      next({ id: path.split("/")[4]!.split("?")[0]! }),
    );

  it("records its contract for the coverage test", () => {
    expect(POST.contract).toBe(contract);
  });

  it("validates path, query and body by the contract", async () => {
    const res = await post("/api/v1/things/7?n=2", '{"name":"a"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { id: "7", n: 2, name: "a" } });
  });

  it("answers a path parameter that fails with the contract's 404", async () => {
    const res = await post("/api/v1/things/x", '{"name":"a"}');
    expect(res.status).toBe(404);
    expect((await res.json()).error.detail).toMatch(/document/i);
  });

  it("reads the body only when the handler asks, within the contract's limit", async () => {
    bodyRead = false;
    expect((await post("/api/v1/things/7?n=-1", "not json")).status).toBe(200);
    expect(bodyRead).toBe(false);
    expect((await post("/api/v1/things/7", "not json")).status).toBe(400);
    expect((await post("/api/v1/things/7", '{"name":""}')).status).toBe(422);
    expect((await post("/api/v1/things/7", JSON.stringify({ name: "x".repeat(200) }))).status).toBe(413);
  });

  it("answers with an ok typed by the contract: its data, and its meta exactly when it has one", async () => {
    const listed = defineRoute({
      method: "GET",
      path: "/api/v1/things",
      auth: "none",
      summary: "a test list",
      data: z.array(z.object({ id: z.string() })),
      meta: z.object({ has_more: z.boolean() }),
    });
    const GET = route(listed, async ({ ok, req }) => {
      if (req.headers.has("x-wrong")) {
        // @ts-expect-error the contract's data is a list
        return ok({ id: "1" }, { meta: { has_more: false } });
      }
      if (req.headers.has("x-no-meta")) {
        // @ts-expect-error the contract declares a meta, so the answer must carry it
        return ok([{ id: "1" }]);
      }
      return ok([{ id: "1" }], { meta: { has_more: false }, status: 200 });
    });
    const res = await GET(new Request(`${url}/api/v1/things`), next());
    expect(await res.json()).toEqual({ data: [{ id: "1" }], meta: { has_more: false } });
    route(contract, async ({ ok }) =>
      // @ts-expect-error a contract without meta takes none
      ok({ id: "1", n: 1, name: "a" }, { meta: { has_more: false } }),
    );
  });

  it("refuses a cross-origin mutation before anything else", async () => {
    const res = await post("/api/v1/things/x", "{}", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
