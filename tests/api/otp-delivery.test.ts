import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";

/**
 * AUTH-2 when mail cannot go out, on a server of its own whose SMTP server refuses connections. (A server
 * without SMTP_URL prints codes in its console: tests/api/first-run.test.ts signs in that way.)
 */
let broken: TestServer;

beforeAll(async () => {
  const deadPort = await freePort();
  broken = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } });
});

afterAll(async () => {
  await broken?.stop();
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

const sqlOn = <T>(server: TestServer, query: string, params: unknown[] = []) =>
  sqlAt<T>(server.baseUrl, query, params);

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
