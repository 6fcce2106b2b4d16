import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { ErrorBody } from "@/lib/contracts/errors";
import { latestCode, latestMail, mailCount } from "../helpers/mail";
import { cookiePairs, signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * AUTH-2 over real HTTP: codes travel through the SMTP peer, every check reads the server's own database.
 */

const base = () => inject("baseUrl");
const run = randomBytes(4).toString("hex");
const uniqueEmail = (tag: string) => `otp-${tag}-${run}-${randomBytes(3).toString("hex")}@example.test`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");

/** Every test comes from 127.0.0.1: the per-address counters are shared, so each test starts from zero. */
const clearLimits = () => sql("delete from rate_limits where key like 'otp:%'");
beforeEach(clearLimits);
afterAll(clearLimits);

async function ask(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ res: Response; json: unknown; request?: string }> {
  const res = await fetch(`${base()}/oauth2/otp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const request = cookiePairs(res.headers.getSetCookie()).find((c) => /^otp_request=./.test(c));
  return { res, json: await res.json(), request };
}

/** Asks for a code as one browser: its otp_request cookie and the code from the mail. */
async function askCode(email: string, extra: Record<string, unknown> = {}) {
  const after = Date.now();
  const { res, json, request } = await ask({ email, ...extra });
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(request).toBeDefined();
  return { request: request!, code: await latestCode(email, { after }), json, res };
}

async function verify(body: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base()}/oauth2/otp/verify`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base(),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { res, status: res.status, json: (await res.json()) as ErrorBody & Record<string, unknown> };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const count = async (query: string, params: unknown[] = []) =>
  Number((await sql<{ n: number }>(query, params))[0]!.n);

describe("GET /api/v1/auth/otp/new", () => {
  it("tells the sign-in page that codes are on, by SMTP, and their shape", async () => {
    const res = await fetch(`${base()}/api/v1/auth/otp/new`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { enabled: true, delivery: "smtp", code_length: 6, expires_in: 600 },
    });
  });
});

describe("signing in with a code", () => {
  it.each([
    ["en", "Your AgentCity sign-in code", "Use this code to sign in to AgentCity", "10 minutes"],
    ["vi", "Mã đăng nhập AgentCity của bạn", "Hãy dùng mã này để đăng nhập vào AgentCity", "10 phút"],
  ] as const)("works end to end with the mail in %s", async (locale, subject, intro, minutes) => {
    const email = uniqueEmail(`full-${locale}`);
    const after = Date.now();
    const { res, json, request } = await ask({ email: `  ${email.toUpperCase()} `, locale });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const data = (json as { data: { request_id: string; expires_in: number } }).data;
    expect(Object.keys(data).sort()).toEqual(["expires_in", "request_id"]);
    expect(data.expires_in).toBe(600);
    expect(data.request_id).toMatch(/^[0-9a-f-]{36}$/);

    const line = res.headers.getSetCookie().find((c) => c.startsWith("otp_request="))!;
    expect(line).toMatch(/^otp_request=otp_[A-Za-z0-9_-]{43};/);
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/");
    expect(line).toContain("Max-Age=900");
    expect(line).not.toContain("Secure");
    // The id is not the secret.
    expect(request).not.toContain(data.request_id);

    // The address was normalised: the mail goes to the lower-case one, in the asked language.
    const mail = await latestMail(email, { after });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain(minutes);
    expect(mail.html).toContain(`lang="${locale}"`);
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;

    const ok = await verify({ email, code: `${code.slice(0, 3)} ${code.slice(3)}` }, request);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const tokens = ok.json.data as {
      access_token: string;
      renewal_token: string;
      token_type: string;
      expires_in: number;
      user: { id: string; email: string };
    };
    expect(tokens.access_token).toMatch(/^act_/);
    expect(tokens.renewal_token).toMatch(/^rnt_/);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.user.email).toBe(email);
    const cookies = ok.res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`access_token=${tokens.access_token};`))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`renewal_token=${tokens.renewal_token};`))).toBe(true);
    expect(cookies.some((c) => c.startsWith("otp_request=;") && c.includes("Max-Age=0"))).toBe(true);

    const [user] = await sql<{ id: string; email_verified: boolean }>(
      "select id, email_verified from users where email = $1",
      [email],
    );
    expect(user).toEqual({ id: tokens.user.id, email_verified: true });
    const identities = await sql(
      "select provider, subject, email_verified from identities where user_id = $1",
      [user!.id],
    );
    expect(identities).toEqual([{ provider: "email", subject: email, email_verified: true }]);

    // The new access token works for an API client, and the session says how it began.
    const sessions = await fetch(`${base()}/api/v1/user/sessions`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(sessions.status).toBe(200);
    const list = ((await sessions.json()) as { data: { method: string; current: boolean }[] }).data;
    expect(list).toEqual([expect.objectContaining({ method: "email", current: true })]);
  });

  it("writes the mail in the language of the request when the body names none", async () => {
    const email = uniqueEmail("accept-vi");
    const after = Date.now();
    const { res } = await ask({ email }, { "accept-language": "vi-VN,vi;q=0.9,en;q=0.5" });
    expect(res.status).toBe(200);
    expect((await latestMail(email, { after })).subject).toBe("Mã đăng nhập AgentCity của bạn");
  });

  it("stores the code and the request secret only hashed", async () => {
    const email = uniqueEmail("hashed");
    const { request, code } = await askCode(email);
    const secret = request.slice("otp_request=".length);
    const rows = await sql<Record<string, unknown>>("select * from otp_codes where email = $1", [email]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.request_hash).toBe(sha256(secret));
    expect(row.code_hash).not.toBe(code);
    expect(row.attempts).toBe(0);
    expect(row.used_at).toBeNull();
    const ttl = Date.parse(row.expires_at as string) - Date.parse(row.inserted_at as string);
    expect(Math.round(ttl / 1000)).toBe(600);
    // Neither the code nor the secret appears anywhere in any code row, in any column.
    const everything = JSON.stringify(await sql("select * from otp_codes"));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(code);
  });
});

describe("wrong, expired and spent codes", () => {
  it("counts wrong tries down, and the fifth wrong try kills the code", async () => {
    const email = uniqueEmail("wrong");
    const { request, code } = await askCode(email);
    const details: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await verify({ email, code: wrong(code) }, request);
      expect(r.status).toBe(400);
      expect(r.json.error.message).toBe("bad_request");
      details.push(r.json.error.detail);
    }
    expect(details).toEqual([
      "That code is not right. You have 4 tries left.",
      "That code is not right. You have 3 tries left.",
      "That code is not right. You have 2 tries left.",
      "That code is not right. You have one try left.",
    ]);
    const fifth = await verify({ email, code: wrong(code) }, request, { "accept-language": "vi" });
    expect(fifth.status).toBe(400);
    expect(fifth.json.error.detail).toBe(
      "Mã này đã bị nhập sai quá nhiều lần và không còn dùng được. Vui lòng yêu cầu mã mới.",
    );
    // Dead: the right code no longer works either, and tries stop counting.
    const right = await verify({ email, code }, request);
    expect(right.status).toBe(400);
    expect(right.json.error.detail).toMatch(/entered wrongly too many times/);
    expect((await sql("select attempts from otp_codes where email = $1", [email]))[0]).toEqual({
      attempts: 5,
    });
    expect(await count("select count(*)::int as n from users where email = $1", [email])).toBe(0);
  });

  it("says a wrong try in Vietnamese too", async () => {
    const email = uniqueEmail("wrong-vi");
    const { request, code } = await askCode(email);
    const r = await verify({ email, code: wrong(code) }, request, { "accept-language": "vi" });
    expect(r.status).toBe(400);
    expect(r.json.error.detail).toBe("Mã không đúng. Bạn còn 4 lần thử.");
    // Never 401: a client renews its tokens on 401 `unauthorized`.
    expect(r.json.error.message).not.toBe("unauthorized");
  });

  it("refuses an expired code with otp_expired", async () => {
    const email = uniqueEmail("expired");
    const { request, code } = await askCode(email);
    await sql("update otp_codes set expires_at = now() - interval '1 second' where email = $1", [email]);
    const r = await verify({ email, code }, request);
    expect(r.status).toBe(400);
    expect(r.json.error.detail).toBe("This code has expired or was already used. Please ask for a new code.");
    expect(await count("select count(*)::int as n from users where email = $1", [email])).toBe(0);
  });

  it("works once: the same code and browser again is refused", async () => {
    const email = uniqueEmail("reuse");
    const { request, code } = await askCode(email);
    expect((await verify({ email, code }, request)).status).toBe(200);
    const again = await verify({ email, code }, request);
    expect(again.status).toBe(400);
    expect(again.json.error.detail).toMatch(/expired or was already used/);
    expect(
      await count(
        "select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1",
        [email],
      ),
    ).toBe(1);
  });

  it("signs in exactly once when two verifies of one code race", async () => {
    const email = uniqueEmail("race");
    const { request, code } = await askCode(email);
    const results = await Promise.all([verify({ email, code }, request), verify({ email, code }, request)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(
      await count(
        "select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1",
        [email],
      ),
    ).toBe(1);
  });

  it("lets a newer code replace the older one", async () => {
    const email = uniqueEmail("newer");
    const first = await askCode(email);
    const second = await askCode(email);
    expect(second.code === first.code && second.request === first.request).toBe(false);
    const old = await verify({ email, code: first.code }, first.request);
    expect(old.status).toBe(400);
    expect(old.json.error.detail).toBe(
      "A newer code was sent to this address. Please use the code from the latest e-mail.",
    );
    expect((await verify({ email, code: second.code }, second.request)).status).toBe(200);
  });
});

describe("a code belongs to the browser that asked for it", () => {
  it("does not verify without that browser's cookie, or with another browser's", async () => {
    const email = uniqueEmail("bound");
    const a = await askCode(email);
    const b = await askCode(uniqueEmail("other-browser"));
    const notHere = "No code is waiting for this address in this browser. Please ask for a new code here.";

    const none = await verify({ email, code: a.code });
    expect(none.status).toBe(400);
    expect(none.json.error.detail).toBe(notHere);
    const other = await verify({ email, code: a.code }, b.request);
    expect(other.status).toBe(400);
    expect(other.json.error.detail).toBe(notHere);
    const forged = await verify({ email, code: a.code }, `otp_request=otp_${"A".repeat(43)}`);
    expect(forged.json.error.detail).toBe(notHere);
    // A request id in the body is no substitute for the cookie.
    const byId = await verify({
      email,
      code: a.code,
      request_id: (a.json as { data: { request_id: string } }).data.request_id,
    });
    expect(byId.status).toBe(400);
    // None of that spent a try or opened a session; the right browser still can.
    expect((await sql("select attempts from otp_codes where email = $1", [email]))[0]).toEqual({
      attempts: 0,
    });
    expect(await count("select count(*)::int as n from users where email = $1", [email])).toBe(0);
    expect((await verify({ email, code: a.code }, a.request)).status).toBe(200);
  });

  it("does not verify for another address with the same browser", async () => {
    const email = uniqueEmail("addr");
    const a = await askCode(email);
    const r = await verify({ email: uniqueEmail("addr-other"), code: a.code }, a.request);
    expect(r.status).toBe(400);
    expect(r.json.error.detail).toMatch(/No code is waiting/);
  });
});

describe("rate limits", () => {
  it("limits codes per address: the sixth within the hour is 429 with Retry-After, in en and vi", async () => {
    const email = uniqueEmail("send-limit");
    for (let i = 0; i < 5; i++) expect((await ask({ email })).res.status).toBe(200);
    await latestMail(email);
    const en = await ask({ email });
    expect(en.res.status).toBe(429);
    const retry = Number(en.res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(3000);
    expect(retry).toBeLessThanOrEqual(3600);
    expect((en.json as ErrorBody).error).toMatchObject({ status: 429, message: "rate_limited" });
    expect((en.json as ErrorBody).error.detail).toBe(
      `Too many codes were requested. Please wait ${Math.ceil(retry / 60)} min before asking for another one.`,
    );
    expect(en.request).toBeUndefined();
    const vi = await ask({ email }, { "accept-language": "vi" });
    expect(vi.res.status).toBe(429);
    expect((vi.json as ErrorBody).error.detail).toMatch(
      /^Bạn đã yêu cầu quá nhiều mã\. Vui lòng đợi \d+ phút rồi yêu cầu mã mới\.$/,
    );
    // Refused requests sent nothing and stored nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailCount(email)).toBe(5);
    expect(await count("select count(*)::int as n from otp_codes where email = $1", [email])).toBe(5);
    // Another address from the same client is still served.
    expect((await ask({ email: uniqueEmail("send-limit-other") })).res.status).toBe(200);
  });

  it("limits codes per client address", async () => {
    await sql(
      "insert into rate_limits (key, window_start, count) values ('otp:send:ip:127.0.0.1', now(), 50) on conflict (key) do update set count = 50, window_start = now()",
    );
    const email = uniqueEmail("ip-limit");
    const r = await ask({ email });
    expect(r.res.status).toBe(429);
    expect(r.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await count("select count(*)::int as n from otp_codes where email = $1", [email])).toBe(0);
  });

  it("limits tries per address: the 21st within the hour is 429", async () => {
    const email = uniqueEmail("verify-limit");
    const { request, code } = await askCode(email);
    for (let i = 0; i < 20; i++)
      expect((await verify({ email, code: wrong(code) }, request)).status).toBe(400);
    const limited = await verify({ email, code }, request);
    expect(limited.status).toBe(429);
    expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.error.detail).toMatch(/^Too many tries\. Please wait \d+ min and try again\.$/);
    const vi = await verify({ email, code }, request, { "accept-language": "vi" });
    expect(vi.json.error.detail).toMatch(/^Bạn đã thử quá nhiều lần\. Vui lòng đợi \d+ phút rồi thử lại\.$/);
  });

  it("limits tries per client address", async () => {
    const email = uniqueEmail("verify-ip");
    const { request, code } = await askCode(email);
    await sql(
      "insert into rate_limits (key, window_start, count) values ('otp:verify:ip:127.0.0.1', now(), 100) on conflict (key) do update set count = 100, window_start = now()",
    );
    const r = await verify({ email, code }, request);
    expect(r.status).toBe(429);
    expect(await count("select count(*)::int as n from users where email = $1", [email])).toBe(0);
  });
});

describe("bad input", () => {
  it.each([
    ["en", {}, { email: "This field is required." }],
    ["en", { email: "not-an-address" }, { email: "Enter a valid e-mail address." }],
    ["vi", { email: "not-an-address" }, { email: "Vui lòng nhập địa chỉ e-mail hợp lệ." }],
    ["en", { email: `${"a".repeat(250)}@example.test` }, { email: "At most 254 characters." }],
    ["en", { email: 42 }, { email: "This value is not valid." }],
    ["en", { email: "ok@example.test", locale: "fr" }, { locale: "Choose one of the allowed values." }],
  ] as const)("refuses a code request (%s) %j with field errors", async (lang, body, fields) => {
    const before = await count("select count(*)::int as n from otp_codes");
    const r = await ask(body, { "accept-language": lang });
    expect(r.res.status).toBe(422);
    expect((r.json as ErrorBody).error).toEqual({
      status: 422,
      message: "validation_failed",
      detail:
        lang === "vi" ? "Một số trường bị thiếu hoặc không hợp lệ." : "Some fields are missing or invalid.",
      fields,
    });
    expect(r.request).toBeUndefined();
    expect(await count("select count(*)::int as n from otp_codes")).toBe(before);
  });

  it.each([
    ["en", "12a456", "Enter the 6-digit code from the e-mail."],
    ["vi", "12345", "Vui lòng nhập mã 6 chữ số trong e-mail."],
    ["en", "1234567", "Enter the 6-digit code from the e-mail."],
  ] as const)("refuses a malformed code (%s) %s without spending a try", async (lang, bad, text) => {
    const email = uniqueEmail("bad-code");
    const { request } = await askCode(email);
    const r = await verify({ email, code: bad }, request, { "accept-language": lang });
    expect(r.status).toBe(422);
    expect(r.json.error.fields).toEqual({ code: text });
    expect((await sql("select attempts from otp_codes where email = $1", [email]))[0]).toEqual({
      attempts: 0,
    });
    expect(
      await count("select count(*)::int as n from rate_limits where key = $1", [`otp:verify:email:${email}`]),
    ).toBe(0);
  });

  it("refuses a verify without e-mail or code", async () => {
    const r = await verify({});
    expect(r.status).toBe(422);
    expect(r.json.error.fields).toEqual({
      email: "This field is required.",
      code: "This field is required.",
    });
  });

  it("refuses non-JSON (400) and an oversized body (413), storing nothing", async () => {
    const before = await count("select count(*)::int as n from otp_codes");
    const bad = await ask("email=a@example.test");
    expect(bad.res.status).toBe(400);
    expect((bad.json as ErrorBody).error).toMatchObject({
      message: "bad_request",
      detail: "The request body is not valid JSON.",
    });
    const big = await ask({ email: uniqueEmail("big"), padding: "x".repeat(8 * 1024) });
    expect(big.res.status).toBe(413);
    expect((big.json as ErrorBody).error.message).toBe("payload_too_large");
    expect((await verify("{")).status).toBe(400);
    expect(
      (await verify({ email: "a@example.test", code: "123456", pad: "x".repeat(8 * 1024) })).status,
    ).toBe(413);
    expect(await count("select count(*)::int as n from otp_codes")).toBe(before);
  });

  it("refuses a cross-origin POST carrying a session cookie (403), sending nothing", async () => {
    const signedIn = await signInWithCode(base(), uniqueEmail("csrf-session"));
    const email = uniqueEmail("csrf");
    for (const path of ["/oauth2/otp", "/oauth2/otp/verify"]) {
      const res = await fetch(`${base()}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "http://evil.test",
          cookie: signedIn.cookies.join("; "),
        },
        body: JSON.stringify({ email, code: "123456" }),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as ErrorBody).error.message).toBe("forbidden");
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailCount(email)).toBe(0);
    expect(await count("select count(*)::int as n from otp_codes where email = $1", [email])).toBe(0);
  });
});

describe("accounts", () => {
  it("keeps the referral code of the request as referred_by_code", async () => {
    const email = uniqueEmail("referral");
    const { user } = await signInWithCode(base(), email, { referralCode: "FRIEND_7" });
    const [row] = await sql("select referred_by_code from users where id = $1", [user.id]);
    expect(row).toEqual({ referred_by_code: "FRIEND_7" });
    // A later sign-in with another code does not overwrite who referred the account.
    await signInWithCode(base(), email, { referralCode: "SOMEONE_ELSE" });
    expect((await sql("select referred_by_code from users where id = $1", [user.id]))[0]).toEqual({
      referred_by_code: "FRIEND_7",
    });
  });

  it("drops a malformed referral code instead of refusing the sign-in", async () => {
    const { user } = await signInWithCode(base(), uniqueEmail("bad-referral"), { referralCode: "<script>" });
    expect((await sql("select referred_by_code from users where id = $1", [user.id]))[0]).toEqual({
      referred_by_code: null,
    });
  });

  it("reaches the same account every time, whatever the address's case", async () => {
    const email = uniqueEmail("same");
    const first = await signInWithCode(base(), email);
    const second = await signInWithCode(base(), email.toUpperCase());
    expect(second.user.id).toBe(first.user.id);
    expect(await count("select count(*)::int as n from users where lower(email) = $1", [email])).toBe(1);
  });

  it("reaches the account an OpenID Connect sign-in created for the same verified address", async () => {
    const issuer = inject("oidcIssuer").replace(/\/+$/, "");
    const email = uniqueEmail("oidc");
    const claims = {
      sub: `otp-oidc-${run}`,
      email,
      email_verified: true,
      given_name: "Mai",
      family_name: "Phạm",
    };
    // Start at our server, log in at the peer as `claims`, come back to the callback as the same browser.
    const start = await fetch(`${base()}/api/v1/auth/oidc/new`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const flowCookie = cookiePairs(start.headers.getSetCookie()).find((c) => c.startsWith("oauth_flow="))!;
    const control = await fetch(`${issuer}/__control/next-user`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(claims),
    });
    expect(control.status).toBe(204);
    const back = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const q = new URL(back.headers.get("location")!).searchParams;
    const callback = await fetch(`${base()}/api/v1/auth/oidc/callback`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base(), cookie: flowCookie },
      body: JSON.stringify({ code: q.get("code"), state: q.get("state") }),
    });
    expect(callback.status).toBe(200);
    const oidcUser = ((await callback.json()) as { data: { user: { id: string } } }).data.user;

    const byCode = await signInWithCode(base(), email);
    expect(byCode.user.id).toBe(oidcUser.id);
    expect(await count("select count(*)::int as n from users where email = $1", [email])).toBe(1);
    const providers = await sql<{ provider: string }>(
      "select provider from identities where user_id = $1 order by provider",
      [oidcUser.id],
    );
    expect(providers.map((p) => p.provider)).toEqual(["email", "oidc"]);
    // The code sign-in kept the name the provider gave.
    expect((await sql("select first_name from users where id = $1", [oidcUser.id]))[0]).toEqual({
      first_name: "Mai",
    });
    await sql("delete from rate_limits where key like 'oauth-%'");
  });
});
