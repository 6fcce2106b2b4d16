import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeMethodRefusal } from "@/lib/http/method-refusal";
import { allowedMethods } from "@/lib/http/route-methods";
import { exportedMethods, OUTPUT, patternOf, routeMethodsSource, scanRoutes } from "@/scripts/route-methods";

const root = path.resolve(import.meta.dirname, "../..");

describe("the route handlers' methods", () => {
  it("are written down as app/ exports them (run `npm run routes:methods` when this fails)", () => {
    expect(readFileSync(path.join(root, OUTPUT), "utf8")).toBe(routeMethodsSource(scanRoutes(root)));
  });

  it("are read from every way a file exports them, and only HTTP methods", () => {
    const source = [
      "export const GET = handler;",
      "export async function POST(req: Request) {}",
      "export function DELETE() {}",
      "export { put as PUT, helper };",
      "export const dynamic = 'force-dynamic';",
      "const PATCH = 1;",
    ].join("\n");
    expect(exportedMethods(source)).toEqual(["GET", "POST", "PUT", "DELETE"]);
  });

  it("are found at the path Next serves the file at, route groups left out", () => {
    expect(patternOf(path.join("app", "api", "v1", "agent", "document", "[id]", "route.ts"))).toBe(
      "/api/v1/agent/document/[id]",
    );
    expect(patternOf(path.join("app", "(site)", "feed", "route.ts"))).toBe("/feed");
  });
});

describe("allowedMethods", () => {
  it("names a route's methods, HEAD with GET and OPTIONS always", () => {
    expect(allowedMethods("/api/v1/agent/documents")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/agent")).toEqual(["GET", "HEAD", "POST", "OPTIONS"]);
    expect(allowedMethods("/api/v1/agent/document/0b6f")).toEqual(["PATCH", "DELETE", "OPTIONS"]);
  });

  it("prefers a fixed segment to a parameter", () => {
    expect(allowedMethods("/api/v1/public/agent/conversation/message")).toEqual(["POST", "OPTIONS"]);
    expect(allowedMethods("/api/v1/public/agent/a1")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });

  it("knows no route for pages, files, unknown API paths and empty parameters", () => {
    for (const p of ["/en/setup", "/", "/api/v1/nope", "/api/v1/agent/document/", "/favicon.ico"])
      expect(allowedMethods(p), p).toBeNull();
  });
});

describe("routeMethodRefusal", () => {
  it("refuses a method the route does not export, in the API's shape and the asker's language", () => {
    const r = routeMethodRefusal("DELETE", "/api/v1/agent/documents?page=1", { acceptLanguage: "vi" });
    expect(r?.status).toBe(405);
    expect(r?.headers.Allow).toBe("GET, HEAD, OPTIONS");
    expect(JSON.parse(r!.body)).toEqual({
      error: { status: 405, message: "method_not_allowed", detail: "Phương thức này không được phép ở đây." },
    });
  });

  it("lets the route's own methods, pages and unknown paths through", () => {
    expect(routeMethodRefusal("GET", "/api/v1/agent/documents")).toBeNull();
    expect(routeMethodRefusal("HEAD", "/api/health")).toBeNull();
    expect(routeMethodRefusal("OPTIONS", "/api/v1/agent/document/x")).toBeNull();
    expect(routeMethodRefusal("POST", "/en/pricing")).toBeNull();
    expect(routeMethodRefusal("PUT", "/api/v1/nope")).toBeNull();
    expect(routeMethodRefusal("PUT", "*")).toBeNull();
  });
});
