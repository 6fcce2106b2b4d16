import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestServer, type TestServer } from "../helpers/server";

/**
 * AUTH-2 when mail cannot go out, on servers of their own: one in production without SMTP_URL (sign-in by
 * code is off) and one whose SMTP server refuses connections.
 */
let off: TestServer;
let broken: TestServer;

beforeAll(async () => {
  const deadPort = await freePort();
  [off, broken] = await Promise.all([
    startTestServer({ env: { SMTP_URL: "" } }),
    startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } }),
  ]);
});

afterAll(async () => {
  await Promise.all([off?.stop(), broken?.stop()]);
});

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl, ...headers },
    body: JSON.stringify(body),
  });
  return {
    res,
    body: (await res.json()) as { error: { status: number; message: string; detail: string } },
  };
}

async function sqlOn<T>(server: TestServer, query: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${server.baseUrl}/api/test/sql`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ query, params }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T[] }).data;
}

describe("a production server without SMTP_URL", () => {
  it("says sign-in by code is off", async () => {
    const res = await fetch(`${off.baseUrl}/api/v1/auth/otp/new`);
    expect(await res.json()).toEqual({
      data: { enabled: false, delivery: "off", code_length: 6, expires_in: 600 },
    });
  });

  it.each([
    ["en", "Sign-in by e-mail code is turned off on this server. Please use another sign-in method."],
    ["vi", "Máy chủ này đã tắt tính năng đăng nhập bằng mã qua e-mail. Vui lòng dùng cách đăng nhập khác."],
  ])("answers a code request with 503 in %s and stores nothing", async (lang, detail) => {
    const { res, body } = await post(
      off,
      "/oauth2/otp",
      { email: "off@example.test" },
      { "accept-language": lang },
    );
    expect(res.status).toBe(503);
    expect(body.error).toEqual({ status: 503, message: "service_unavailable", detail });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sqlOn(off, "select id from otp_codes")).toEqual([]);
  });
});

describe("a server whose mail server is down", () => {
  it.each([
    ["en", "We could not send the code e-mail. Please try again in a moment or use another sign-in method."],
    ["vi", "Không gửi được e-mail chứa mã. Vui lòng thử lại sau giây lát hoặc dùng cách đăng nhập khác."],
  ])("answers 503 in %s and leaves no live code behind", async (lang, detail) => {
    const email = `down-${lang}@example.test`;
    const { res, body } = await post(broken, "/oauth2/otp", { email }, { "accept-language": lang });
    expect(res.status).toBe(503);
    expect(body.error).toEqual({ status: 503, message: "service_unavailable", detail });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sqlOn(broken, "select id from otp_codes where email = $1", [email])).toEqual([]);
  });
});
