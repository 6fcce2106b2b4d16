import { describe, expect, it } from "vitest";
import { clientErrorAnswer, isServedMethod, methodRefusal } from "@/lib/http/method-refusal";

/** scripts/serve.ts's answers to methods no page or route serves (over HTTP: tests/api/api-shape.test.ts). */
describe("method refusals", () => {
  it("serves the methods pages and routes answer, and no other", () => {
    for (const m of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(isServedMethod(m)).toBe(true);
    for (const m of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "get", "", undefined]) {
      expect(isServedMethod(m), String(m)).toBe(false);
    }
  });

  it("words an API path's refusal in the caller's language: ?locale=, then the cookie, then Accept-Language", () => {
    const detail = (target: string, request = {}) =>
      (JSON.parse(methodRefusal(target, request).body) as { error: { detail: string } }).error.detail;
    const vi = "Phương thức này không được phép ở đây.";
    expect(detail("/api/v1/agent")).toBe("This method is not allowed here.");
    expect(detail("/oauth2/otp?locale=vi", { acceptLanguage: "en" })).toBe(vi);
    expect(detail("/latest.json", { cookie: "a=b; NEXT_LOCALE=vi", acceptLanguage: "en" })).toBe(vi);
    expect(detail("/embed/agent_abc123/config.json", { acceptLanguage: "vi-VN,vi;q=0.9" })).toBe(vi);
  });

  it("answers anything else, odd targets included, in plain text with its length", () => {
    for (const target of [
      "/en/pricing",
      "/apiary",
      "*",
      "example.com:443",
      "//evil.example/x",
      "http://x/api",
    ]) {
      const r = methodRefusal(target);
      expect(r.headers["Content-Type"], target).toBe("text/plain; charset=utf-8");
      expect(r.headers["Content-Length"], target).toBe(String(Buffer.byteLength(r.body)));
      expect(r.headers["X-Frame-Options"], target).toBe("DENY");
    }
  });

  it("takes over Node's answer to a refused request line only for a well-formed unknown method", () => {
    const raw = (text: string) => ({ code: "HPE_INVALID_METHOD", rawPacket: Buffer.from(text, "latin1") });
    const track = clientErrorAnswer(raw("TRACK /api/health HTTP/1.1\r\nAccept-Language: vi\r\n\r\n"));
    expect(track).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(track).toContain("Phương thức này không được phép ở đây.");
    expect(clientErrorAnswer(raw("G@T / HTTP/1.1\r\n\r\n"))).toBe(
      "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n",
    );
    expect(clientErrorAnswer({ code: "HPE_HEADER_OVERFLOW" })).toMatch(/^HTTP\/1\.1 431 /);
    expect(clientErrorAnswer({ code: "HPE_INVALID_METHOD" })).toMatch(/^HTTP\/1\.1 400 /);
  });
});
