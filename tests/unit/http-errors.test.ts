import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, errorCodes } from "@/lib/http/errors";
import { fromAcceptLanguage, requestLocale } from "@/lib/http/locale";
import { handle, ok, parseJson } from "@/lib/http/respond";

describe("API error shape", () => {
  it("carries status, a stable code and a translated detail", () => {
    const err = new ApiError("not_found");
    expect(err.body("en")).toEqual({
      error: { status: 404, message: "not_found", detail: "We could not find what you asked for." },
    });
    expect(err.body("vi").error.detail).toBe("Không tìm thấy nội dung bạn yêu cầu.");
  });

  it("fills placeholders of a specific detail key", () => {
    const err = new ApiError("not_found", "route_not_found", { path: "/api/v1/x" });
    expect(err.body("en").error.detail).toBe("There is no API endpoint at /api/v1/x.");
    expect(err.body("vi").error.detail).toContain("/api/v1/x");
  });

  it("every code has a translated detail in both languages", () => {
    for (const code of Object.keys(errorCodes) as (keyof typeof errorCodes)[]) {
      const en = new ApiError(code).body("en").error.detail;
      const vi = new ApiError(code).body("vi").error.detail;
      expect(en, code).not.toBe(`errors.${code}`);
      expect(vi, code).not.toBe(`errors.${code}`);
      expect(vi, code).not.toBe(en);
    }
  });
});

describe("request locale", () => {
  it("prefers ?locale, then the cookie, then Accept-Language", () => {
    const r = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
    expect(requestLocale(r("http://x/api?locale=vi"))).toBe("vi");
    expect(requestLocale(r("http://x/api", { cookie: "a=1; NEXT_LOCALE=vi" }))).toBe("vi");
    expect(requestLocale(r("http://x/api", { "accept-language": "vi-VN,vi;q=0.9,en;q=0.5" }))).toBe("vi");
    expect(requestLocale(r("http://x/api?locale=fr", { cookie: "NEXT_LOCALE=de" }))).toBe("en");
  });

  it("ranks Accept-Language by q and ignores q=0", () => {
    expect(fromAcceptLanguage("fr, en;q=0.4, vi;q=0.8")).toBe("vi");
    expect(fromAcceptLanguage("vi;q=0, en;q=0.1")).toBe("en");
    expect(fromAcceptLanguage("de, fr")).toBe("en");
    expect(fromAcceptLanguage(null)).toBe("en");
  });
});

describe("route handler wrapper", () => {
  const schema = z.object({ name: z.string().min(1) });
  const route = handle(async (req: Request) => ok(await parseJson(req, schema)));
  const post = (body: string, headers: Record<string, string> = {}) =>
    route(new Request("http://x/api/v1/t", { method: "POST", body, headers }), {});

  it("answers {data} on success", async () => {
    const res = await post('{"name":"Lan"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { name: "Lan" } });
  });

  it("answers 400 invalid JSON in the request's language", async () => {
    const res = await post("{nope", { "accept-language": "vi" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toBe("bad_request");
    expect(body.error.detail).toBe("Nội dung yêu cầu không phải JSON hợp lệ.");
  });

  it("answers 422 with the failing fields", async () => {
    const res = await post('{"name":""}');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.message).toBe("validation_failed");
    expect(Object.keys(body.error.fields)).toEqual(["name"]);
  });

  it("hides unexpected errors behind a 500 that leaks nothing", async () => {
    const boom = handle(async () => {
      throw new Error("secret connection string postgres://u:p@h");
    });
    const original = console.error;
    console.error = () => {};
    try {
      const res = await boom(new Request("http://x/api/v1/t"), {});
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain("secret");
      expect(JSON.parse(text).error.message).toBe("internal_error");
    } finally {
      console.error = original;
    }
  });
});

describe("Origin check on mutating requests", () => {
  const route = handle(async () => ok({ done: true }));
  const call = (method: string, headers: Record<string, string>) =>
    route(new Request("http://127.0.0.1:3000/api/v1/t", { method, headers }), {});

  it("lets same-origin and token clients through", async () => {
    expect((await call("POST", { origin: "http://localhost:3000" })).status).toBe(200);
    expect((await call("POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).status).toBe(
      200,
    );
    expect((await call("POST", { authorization: "Bearer x" })).status).toBe(200);
    expect((await call("GET", { origin: "https://evil.example" })).status).toBe(200);
  });

  it("refuses cross-origin browser mutations with 403", async () => {
    const cases: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of cases) {
      const res = await call("POST", headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.message).toBe("forbidden");
    }
    expect((await call("DELETE", { origin: "http://localhost:3000.evil.example" })).status).toBe(403);
  });
});
