import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { latestCode, latestMail } from "../helpers/mail";
import { newPerson, nextPersonAtProvider, sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/**
 * AUTH-1, AUTH-2, AUTH-4, AUTH-5, AUTH-6 as a person lives them, in both languages: the real OpenID Connect
 * peer and the real SMTP receiver started by the test run, a real browser, no shortcuts inside a journey.
 */
const browser = browserPerFile();
const base = () => inject("baseUrl");

const text = {
  en: {
    provider: "Continue with Test ID",
    email: "E-mail address",
    send: "E-mail me a sign-in code",
    code: "Sign-in code",
    verify: "Sign in",
    sent: (email: string) => `We sent a 6-digit code to ${email}.`,
    menu: "Account menu",
    signOut: "Sign out",
    signInLink: "Sign in",
    mailSubject: /code/i,
    invalidEmail: /valid e-mail/i,
  },
  vi: {
    provider: "Tiếp tục với Test ID",
    email: "Địa chỉ e-mail",
    send: "Gửi mã đăng nhập qua e-mail",
    code: "Mã đăng nhập",
    verify: "Đăng nhập",
    sent: (email: string) => `Chúng tôi đã gửi mã 6 chữ số đến ${email}.`,
    menu: "Menu tài khoản",
    signOut: "Đăng xuất",
    signInLink: "Đăng nhập",
    mailSubject: /mã/i,
    invalidEmail: /e-mail/i,
  },
} as const;

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name).sort();
}

describe.each(["en", "vi"] as const)("signing in and out in %s", (locale) => {
  const t = text[locale];

  it("sends a signed-out visitor from a protected page to the sign-in page, which lists only enabled methods", async () => {
    for (const path of ["/setup", "/setup/files", "/history", "/billing"]) {
      const page = await browser.open(`/${locale}${path}`);
      expect(pathOf(page)).toBe(`/${locale}`);
      await page.close();
    }
    const page = await browser.open(`/${locale}`);
    const methods = page.getByTestId("sign-in-methods");
    await methods.waitFor();
    // Only the configured provider (the test peer) and e-mail: Google, GitHub and Facebook are not set up.
    expect(
      await methods.locator("a[data-provider]").evaluateAll((as) => as.map((a) => a.dataset.provider)),
    ).toEqual(["oidc"]);
    await methods.getByLabel(t.email).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it("signs in through the OpenID Connect provider and lands in setup; the index then sends on to setup", async () => {
    const person = newPerson(locale === "vi" ? "Lan" : "Ada", {
      family_name: locale === "vi" ? "Nguyễn" : "Lovelace",
    });
    const page = await browser.open(`/${locale}?referral-code=FRIEND-${locale.toUpperCase()}`);
    await nextPersonAtProvider(person);
    await page.getByRole("link", { name: t.provider }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}/setup`, { timeout: 20_000 });
    await page.getByRole("button", { name: t.menu }).first().waitFor();
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(["access_token", "renewal_token"]));

    const [user] = await sql<{ email: string; first_name: string; referred_by_code: string }>(
      "select email, first_name, referred_by_code from users where email = $1",
      [person.email],
    );
    expect(user).toEqual({
      email: person.email,
      first_name: person.given_name,
      referred_by_code: `FRIEND-${locale.toUpperCase()}`,
    });

    // A signed-in owner on the index goes on to setup (server side on a full load).
    await page.goto(`/${locale}`, { waitUntil: "networkidle" });
    expect(pathOf(page)).toBe(`/${locale}/setup`);
    expect(pageErrors(page)).toEqual([]);
  });

  it("signs in with a code from a real e-mail, in the page's language", async () => {
    const email = `code-${locale}-${randomBytes(4).toString("hex")}@mail.test`;
    const page = await browser.open(`/${locale}`);
    const form = page.getByTestId("email-code-form");

    // A bad address is refused in the page's language and nothing is sent.
    await form.getByLabel(t.email).fill("not-an-address");
    await form.getByRole("button", { name: t.send }).click();
    await page.getByText(t.invalidEmail).first().waitFor();

    await form.getByLabel(t.email).fill(email);
    await form.getByRole("button", { name: t.send }).click();
    await page.getByText(t.sent(email), { exact: false }).waitFor();
    const mail = await latestMail(email);
    expect(mail.subject).toMatch(t.mailSubject);
    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code first: a translated error, the form stays.
    const verify = page.getByTestId("email-code-verify");
    const wrong = code === "000000" ? "111111" : "000000";
    await verify.getByLabel(t.code).fill(wrong);
    await verify.getByRole("button", { name: t.verify }).click();
    await verify.locator(".text-destructive").first().waitFor();
    expect(pathOf(page)).toBe(`/${locale}`);

    await verify.getByLabel(t.code).fill(code);
    await verify.getByRole("button", { name: t.verify }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}/setup`, { timeout: 20_000 });
    await page.getByRole("button", { name: t.menu }).first().click();
    expect(await page.getByTestId("account-email").textContent()).toBe(email);
    expect(pageErrors(page)).toEqual([]);
  });

  it("signs out from the account menu: the session ends on the server and protected pages send back to sign-in", async () => {
    const session = await signInWithOidc();
    const page = await browser.open(`/${locale}/setup`, { cookies: sessionCookies(session) });
    expect(pathOf(page)).toBe(`/${locale}/setup`);
    await page.getByRole("button", { name: t.menu }).first().click();
    await page.getByRole("menuitem", { name: t.signOut }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}`);
    expect(await cookieNames(page)).not.toContain("access_token");
    expect(await cookieNames(page)).not.toContain("renewal_token");

    const res = await fetch(`${base()}/api/v1/user/sessions`, {
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(res.status).toBe(401);
    await page.goto(`/${locale}/history`, { waitUntil: "networkidle" });
    expect(pathOf(page)).toBe(`/${locale}`);
    expect(pageErrors(page)).toEqual([]);
  });

  it("signs out even when the server does not answer within 2 seconds", async () => {
    const session = await signInWithOidc();
    const page = await browser.open(`/${locale}/setup`, { cookies: sessionCookies(session) });
    let asked = 0;
    await page.route("**/api/v1/user/session", async (route) => {
      asked++;
      await new Promise((r) => setTimeout(r, 10_000));
      await route.abort().catch(() => {});
    });
    const started = Date.now();
    await page.getByRole("button", { name: t.menu }).first().click();
    await page.getByRole("menuitem", { name: t.signOut }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}`, { timeout: 8_000 });
    expect(asked).toBe(1);
    // The logout was abandoned at its 2 s timeout, not waited out.
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

describe("a session that needs renewing (AUTH-4, AUTH-6)", () => {
  it("renews in the browser when only the renewal token is left, then loads the account", async () => {
    const session = await signInWithOidc(newPerson("Renee"));
    const page = await browser.open("/en/setup", {
      cookies: sessionCookies(session, { access: false, renewal: true }),
    });
    await page.getByRole("button", { name: "Account menu" }).first().waitFor();
    expect(pathOf(page)).toBe("/en/setup");
    const cookies = await page.context().cookies();
    const renewal = cookies.find((c) => c.name === "renewal_token")?.value;
    expect(cookies.find((c) => c.name === "access_token")?.value).toBeTruthy();
    // Rotated: the old renewal token is spent.
    expect(renewal).toBeTruthy();
    expect(renewal).not.toBe(session.renewal);
  });

  it("on the index, a renewable visitor is renewed and sent on to setup", async () => {
    const session = await signInWithOidc();
    const page = await browser.open("/vi", {
      cookies: sessionCookies(session, { access: false, renewal: true }),
    });
    await page.waitForURL((url) => url.pathname === "/vi/setup", { timeout: 15_000 });
  });

  it("a visitor whose renewal is refused is sent to sign-in", async () => {
    const session = await signInWithOidc();
    await fetch(`${base()}/api/v1/user/sessions`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${session.access}` },
    });
    const page = await browser.open("/en/history", {
      cookies: sessionCookies(session, { access: false, renewal: true }),
    });
    await page.waitForURL((url) => url.pathname === "/en", { timeout: 15_000 });
    await page.getByTestId("sign-in-methods").waitFor();
  });

  it("an expired access token is renewed by the fetch wrapper and the request retried once", async () => {
    const session = await signInWithOidc();
    // A zone already saved: the page's first-sign-in zone save would otherwise meet the expired token first
    // (and renew it) whenever it runs late.
    await sql(
      `update users set time_zone = 'Asia/Ho_Chi_Minh'
        where id = (select user_id from identities where provider = 'oidc' and subject = $1)`,
      [session.claims.sub],
    );
    const page = await browser.open("/en/setup", { cookies: sessionCookies(session) });
    // Whatever the page asks for on arrival (agent, models, account) is answered before the token expires.
    await page.waitForLoadState("networkidle");
    // The access token expires server-side while the page is open.
    await sql(
      `update session_tokens set access_expires_at = now() - interval '1 minute'
        where session_id in (select s.id from sessions s join identities i on i.user_id = s.user_id
                              where i.provider = 'oidc' and i.subject = $1)`,
      [session.claims.sub],
    );
    const calls: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/v1/user/sessions") && r.request().method() === "GET") calls.push(r.status());
      if (r.url().endsWith("/api/v1/user/session/renew")) calls.push(-r.status());
    });
    await page.getByRole("button", { name: "Account menu" }).first().click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await page.locator('[data-testid="session"][data-current]').waitFor();
    // 401, one renewal (200), then the retried request (200).
    expect(calls).toEqual([401, -200, 200]);
  });
});
