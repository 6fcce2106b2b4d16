import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { baseUrl, get } from "../helpers/http";

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
