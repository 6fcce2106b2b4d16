import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { routeMethods } from "@/lib/http/route-methods.generated";
import { baseUrl, get } from "../helpers/http";
import { type WireAnswer, wireExchange } from "../helpers/raw-http";

describe("health", () => {
  it("reports database and job system ready", async () => {
    const { status, text, res } = await get("/api/health");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const { data } = JSON.parse(text);
    expect(data.status).toBe("ok");
    expect(data.database.ok).toBe(true);
    expect(data.database.kind).toBe(inject("databaseKind"));
    expect(data.database.extensions).toMatchObject({ unaccent: true, pgTrgm: true });
    // pgvector ships with PGlite; Debian's Postgres lacks it and the product must say so, not fail.
    expect(data.database.extensions.vector).toBe(inject("databaseKind") === "pglite");
    expect(data.jobs).toEqual({ ok: true, working: true });
    // The test server keeps files on local disk (FILE_STORE unset): its DATA_DIR/files can be written.
    expect(data.storage).toEqual({ kind: "local", ok: true });
    expect(data.build.buildId).toBe(readFileSync(path.resolve(".next/BUILD_ID"), "utf8").trim());
  });
});

describe("one error shape for unknown API paths", () => {
  it.each(["GET", "POST", "DELETE"])("%s /api/v1/nope → 404 not_found", async (method) => {
    const res = await fetch(`${baseUrl()}/api/v1/nope`, {
      method,
      headers: { origin: baseUrl() },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({
      error: { status: 404, message: "not_found", detail: "There is no API endpoint at /api/v1/nope." },
    });
  });

  it("translates the detail, never the code", async () => {
    const viaHeader = JSON.parse((await get("/api/v1/nope", { "accept-language": "vi" })).text);
    const viaQuery = JSON.parse((await get("/api/v1/nope?locale=vi")).text);
    for (const body of [viaHeader, viaQuery]) {
      expect(body.error.message).toBe("not_found");
      expect(body.error.detail).toBe("Không có API nào tại /api/v1/nope.");
    }
  });
});

describe("methods no page or route answers", () => {
  const host = () => `Host: ${new URL(baseUrl()).host}`;
  const allowed = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
  // What each route handler probed below exports (its route.ts), as Allow names them.
  const allowOf: Record<string, string> = {
    "/api/v1/agent": "GET, HEAD, POST, OPTIONS",
    "/api/health": "GET, HEAD, OPTIONS",
    "/latest.json": "GET, HEAD, OPTIONS",
    "/api/v1/agent/documents": "GET, HEAD, OPTIONS",
    "/api/v1/agent/document/abc": "PATCH, DELETE, OPTIONS",
    "/api/v1/public/agent/conversation/message": "POST, OPTIONS",
    "/api/graphql": "GET, HEAD, POST, OPTIONS",
  };
  const refusedAsApi = (a: WireAnswer, detail: string, path: string) => {
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe(allowOf[path]);
    expect(a.headers["content-type"]).toContain("application/json");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(a.body)).toEqual({ error: { status: 405, message: "method_not_allowed", detail } });
  };
  const refusedAsText = (a: WireAnswer) => {
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe(allowed);
    expect(a.headers["content-type"]).toContain("text/plain");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    expect(a.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(a.body).toBe("405 Method Not Allowed\n");
  };

  it("TRACE, TRACK and a WebDAV method are a 405 in the API's shape on an API path, in the caller's language", async () => {
    for (const method of ["TRACE", "TRACK", "PROPFIND"]) {
      refusedAsApi(
        await wireExchange(baseUrl(), `${method} /api/v1/agent HTTP/1.1\r\n${host()}`),
        "This method is not allowed here.",
        "/api/v1/agent",
      );
      refusedAsApi(
        await wireExchange(baseUrl(), `${method} /api/health HTTP/1.1\r\n${host()}\r\nAccept-Language: vi`),
        "Phương thức này không được phép ở đây.",
        "/api/health",
      );
    }
    refusedAsApi(
      await wireExchange(baseUrl(), `TRACE /latest.json?locale=vi HTTP/1.1\r\n${host()}`),
      "Phương thức này không được phép ở đây.",
      "/latest.json",
    );
  });

  it("a method a route does not export is the API's 405 naming the route's methods, never Next's empty one", async () => {
    const cases: [string, string][] = [
      ["DELETE", "/api/v1/agent/documents"],
      ["PATCH", "/api/health"],
      ["PUT", "/api/v1/agent"],
      ["GET", "/api/v1/agent/document/abc"],
      ["GET", "/api/v1/public/agent/conversation/message"],
      ["DELETE", "/api/graphql"],
    ];
    for (const [method, path] of cases) {
      for (const [language, detail] of [
        ["en", "This method is not allowed here."],
        ["vi", "Phương thức này không được phép ở đây."],
      ]) {
        const a = await wireExchange(
          baseUrl(),
          `${method} ${path} HTTP/1.1\r\n${host()}\r\nOrigin: ${baseUrl()}\r\nAccept-Language: ${language}`,
        );
        refusedAsApi(a, detail!, path);
      }
    }
    // The route's own methods still reach it.
    expect((await get("/api/health")).status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/health`, { method: "HEAD" })).status).toBe(200);
  });

  it("every route handler answers every method without a 5xx, and one it does not export with the API's 405 naming those it does", async () => {
    const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    const detailIn = { en: "This method is not allowed here.", vi: "Phương thức này không được phép ở đây." };
    const wrong: string[] = [];
    for (const route of routeMethods) {
      const path = route.pattern.replace(/\[\.\.\.[^\]]+\]/, "nope/x").replace(/\[[^\]]+\]/g, "abc");
      // What the route's file exports, HEAD with GET, and OPTIONS, which Next answers for every handler.
      const allow = order.filter(
        (m) =>
          route.methods.includes(m) || (m === "HEAD" && route.methods.includes("GET")) || m === "OPTIONS",
      );
      for (const [i, method] of [...order, "TRACE", "PROPFIND"].entries()) {
        const language = i % 2 ? "vi" : "en";
        // An address of its own (the server trusts loopback's X-Forwarded-For): no limit another test
        // measures from 127.0.0.1 is spent here.
        const a = await wireExchange(
          baseUrl(),
          `${method} ${path} HTTP/1.1\r\n${host()}\r\nOrigin: ${baseUrl()}\r\nAccept-Language: ${language}\r\nX-Forwarded-For: 203.0.113.45\r\nContent-Length: 0\r\nConnection: close`,
        );
        const at = `${method} ${path}: ${a.status}`;
        if (a.status >= 500) wrong.push(`${at} (a server error)`);
        // The catch-all answers every method with the API's 404; a route's own methods reach the route.
        if (route.pattern.includes("[...") || allow.includes(method)) continue;
        if (a.status !== 405 || a.headers.allow !== allow.join(", ")) {
          wrong.push(`${at}, Allow ${a.headers.allow} (want 405, Allow ${allow.join(", ")})`);
          continue;
        }
        // A script is no API answer: its 405 is the plain one. An answer to HEAD has no body.
        if (path === "/embed.js" || method === "HEAD") continue;
        const body = a.headers["content-type"]?.includes("application/json") ? JSON.parse(a.body) : a.body;
        const want = { error: { status: 405, message: "method_not_allowed", detail: detailIn[language] } };
        if (JSON.stringify(body) !== JSON.stringify(want)) wrong.push(`${at}: ${a.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("on a page (and on a tunnel request) they are a plain 405 that nothing may frame", async () => {
    for (const method of ["TRACE", "TRACK", "PROPFIND"]) {
      refusedAsText(await wireExchange(baseUrl(), `${method} /en/pricing HTTP/1.1\r\n${host()}`));
    }
    refusedAsText(await wireExchange(baseUrl(), `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443`));
    // A request line that is no request at all is still Node's 400, and the server goes on answering.
    expect((await wireExchange(baseUrl(), `G@T / HTTP/1.1\r\n${host()}`)).status).toBe(400);
    expect((await get("/api/health")).status).toBe(200);
  });
});

describe("route rules", () => {
  it("answer the lookup for a path without a rule", async () => {
    const { status, text } = await get("/api/v1/route-rules?path=/en/pricing");
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ data: { path: "/en/pricing", redirect: null, middleware: {} } });
  });

  it("refuse a missing or relative path with validation_failed", async () => {
    for (const q of ["", "?path=en/pricing"]) {
      const { status, text } = await get(`/api/v1/route-rules${q}`);
      expect(status).toBe(422);
      expect(JSON.parse(text).error.message).toBe("validation_failed");
    }
  });
});

describe("version manifest", () => {
  it("returns the build on disk, never cached", async () => {
    const { status, text, res } = await get("/latest.json");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = JSON.parse(text);
    const buildId = readFileSync(path.resolve(".next/BUILD_ID"), "utf8").trim();
    expect(body.buildId).toBe(buildId);
    expect(Number.isNaN(Date.parse(body.builtAt))).toBe(false);
  });
});
