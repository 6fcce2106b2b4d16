import { describe, expect, it } from "vitest";
import { baseUrl, get, htmlLang } from "../helpers/http";

/** BEYOND-4 over HTTP against the production build: the served document and the reference page. */

describe("GET /api/v1/openapi.json", () => {
  it("answers the raw OpenAPI 3.1 document, cacheable, with no CORS headers", async () => {
    const { status, text, res } = await get("/api/v1/openapi.json", { origin: "https://elsewhere.example" });
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const doc = JSON.parse(text);
    expect(doc).not.toHaveProperty("data");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("AgentCity API");
    expect(doc.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\//) }]);
    expect(doc.paths["/api/v1/agent"].post.operationId).toBe("saveAgent");
    expect(doc.paths["/api/v1/openapi.json"].get.operationId).toBe("apiDocument");
  });

  it("answers the same document every time", async () => {
    const [a, b] = await Promise.all([get("/api/v1/openapi.json"), get("/api/v1/openapi.json")]);
    expect(a.text).toBe(b.text);
  });

  it("is a GET only: other methods are the API's 405 or 404, in the error shape", async () => {
    const res = await fetch(`${baseUrl()}/api/v1/openapi.json`, {
      method: "POST",
      headers: { origin: baseUrl() },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("/{lang}/docs/api", () => {
  it.each([
    ["en", "API reference", "Authentication", "Documents", "the agent&#x27;s name, one line"],
    ["vi", "Tài liệu API", "Xác thực", "Tài liệu huấn luyện", "tên của trợ lý, trên một dòng"],
  ])(
    "renders %s on the server, grouped and translated, with the document's link",
    async (lang, title, auth, tag, nameField) => {
      const { status, text } = await get(`/${lang}/docs/api`);
      expect(status).toBe(200);
      expect(htmlLang(text)).toBe(lang);
      expect(text).toContain(`>${title}</h1>`);
      expect(text).toContain(`>${auth}</h2>`);
      expect(text).toContain(`>${tag}</h2>`);
      expect(text).toContain("/api/v1/agent/document/{id}");
      expect(text).toContain('href="/api/v1/openapi.json"');
      expect(text).toContain("ac_live_");
      // The owner's agent body: `name` is listed as a field, described in the page's language (the
      // English contract text stays off the Vietnamese page).
      expect(text).toContain(nameField);
      if (lang === "vi") expect(text).not.toContain("the agent&#x27;s name, one line");
    },
  );

  // An unknown locale is redirected under the default one first (next-intl), so follow to the end.
  it.each(["/xx/docs/api", "/en/docs/api/nope", "/en/docs/%E0%A4%A", "/vi/docs/api/%2e%2e/x"])(
    "%s ends in a 404, not a server error",
    async (path) => {
      const res = await fetch(baseUrl() + path);
      expect(res.status).toBe(404);
    },
  );

  it("sends a trailing NUL segment back to the page itself, as on every page, never a server error", async () => {
    const { status, res } = await get("/en/docs/api/%00");
    expect(status).toBe(308);
    expect(res.headers.get("location")).toBe("/en/docs/api");
    expect((await get("/en/docs/api%00")).status).toBeLessThan(500);
  });
});
