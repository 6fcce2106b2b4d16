import { afterEach, describe, expect, it } from "vitest";
import { clearCookie, cookieName, readCookie, secureCookies, setCookie } from "@/lib/auth/cookies";
import { OTP_REQUEST_COOKIE_MAX_AGE } from "@/lib/auth/otp-policy";
import { ACCESS_COOKIE_MAX_AGE, PAYMENT_COOKIE_MAX_AGE, RENEWAL_COOKIE_MAX_AGE } from "@/lib/auth/policy";

const KEY = Symbol.for("agentcity.config");
const saved = { APP_URL: process.env.APP_URL, NODE_ENV: process.env.NODE_ENV };

/** config() is read once per process: set the environment, then forget the parsed copy. */
function withApp(appUrl: string, nodeEnv: "development" | "production" = "development") {
  process.env.APP_URL = appUrl;
  (process.env as Record<string, string>).NODE_ENV = nodeEnv;
  delete (globalThis as Record<symbol, unknown>)[KEY];
}

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete (process.env as Record<string, string | undefined>)[k];
    else (process.env as Record<string, string>)[k] = v;
  }
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

/** "a=b; Path=/; X" → { name: "a", value: "b", attrs: Map("path" → "/", "x" → "") } */
function parse(header: string) {
  const [pair = "", ...rest] = header.split(";").map((s) => s.trim());
  const eq = pair.indexOf("=");
  const attrs = new Map<string, string>();
  for (const a of rest) {
    const i = a.indexOf("=");
    attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? "" : a.slice(i + 1));
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs };
}

describe("session cookies over plain http (development, loopback)", () => {
  it("are HttpOnly, SameSite=Lax, Path=/, not Secure and not prefixed", () => {
    withApp("http://127.0.0.1:3000");
    expect(secureCookies()).toBe(false);
    const c = parse(setCookie("access_token", "act_abc"));
    expect(c.name).toBe("access_token");
    expect(c.value).toBe("act_abc");
    expect(c.attrs.get("path")).toBe("/");
    expect(c.attrs.has("httponly")).toBe(true);
    expect(c.attrs.get("samesite")).toBe("Lax");
    expect(c.attrs.has("secure")).toBe(false);
    expect(c.attrs.has("domain")).toBe(false);
  });

  it("last as long as the policy says: access 1 year, renewal 10 years, payment and code request minutes", () => {
    withApp("http://localhost:3000");
    const age = (h: string) => Number(parse(h).attrs.get("max-age"));
    expect(age(setCookie("access_token", "a"))).toBe(ACCESS_COOKIE_MAX_AGE);
    expect(ACCESS_COOKIE_MAX_AGE).toBe(365 * 24 * 3600);
    expect(age(setCookie("renewal_token", "r"))).toBe(RENEWAL_COOKIE_MAX_AGE);
    expect(RENEWAL_COOKIE_MAX_AGE).toBe(10 * 365 * 24 * 3600);
    expect(age(setCookie("payment_token", "p"))).toBe(PAYMENT_COOKIE_MAX_AGE);
    expect(PAYMENT_COOKIE_MAX_AGE).toBe(15 * 60);
    expect(age(setCookie("otp_request", "o"))).toBe(OTP_REQUEST_COOKIE_MAX_AGE);
    expect(OTP_REQUEST_COOKIE_MAX_AGE).toBe(15 * 60);
  });

  it("are cleared with an empty value, Max-Age=0 and an Expires in the past", () => {
    withApp("http://localhost:3000");
    const c = parse(clearCookie("renewal_token"));
    expect(c.name).toBe("renewal_token");
    expect(c.value).toBe("");
    expect(c.attrs.get("max-age")).toBe("0");
    expect(new Date(c.attrs.get("expires")!).getTime()).toBe(0);
    expect(c.attrs.get("path")).toBe("/");
  });
});

describe("session cookies over https", () => {
  it("carry the __Host- prefix and Secure, with Path=/ and no Domain (what the prefix requires)", () => {
    withApp("https://agentcity.example");
    expect(secureCookies()).toBe(true);
    expect(cookieName("renewal_token")).toBe("__Host-renewal_token");
    for (const name of ["access_token", "renewal_token", "payment_token", "otp_request"] as const) {
      const c = parse(setCookie(name, "v"));
      expect(c.name).toBe(`__Host-${name}`);
      expect(c.attrs.has("secure")).toBe(true);
      expect(c.attrs.get("path")).toBe("/");
      expect(c.attrs.has("domain")).toBe(false);
      expect(c.attrs.has("httponly")).toBe(true);
      expect(c.attrs.get("samesite")).toBe("Lax");
    }
    const cleared = parse(clearCookie("access_token"));
    expect(cleared.name).toBe("__Host-access_token");
    expect(cleared.attrs.has("secure")).toBe(true);
  });

  it("are Secure in production on a plain-http public address too, but not on loopback", () => {
    withApp("http://agentcity.example", "production");
    expect(secureCookies()).toBe(true);
    expect(parse(setCookie("access_token", "a")).name).toBe("__Host-access_token");
    withApp("http://127.0.0.1:3000", "production");
    expect(secureCookies()).toBe(false);
    expect(parse(setCookie("access_token", "a")).attrs.has("secure")).toBe(false);
    // A public name that merely starts like a loopback address is public.
    withApp("http://127.agentcity.example", "production");
    expect(secureCookies()).toBe(true);
  });
});

describe("reading cookies", () => {
  const req = (cookie: string) => new Request("http://app.test/", { headers: { cookie } });

  it("reads either spelling, ignores empty values and other names", () => {
    expect(readCookie(req("NEXT_LOCALE=vi; access_token=act_1"), "access_token")).toBe("act_1");
    expect(readCookie(req("__Host-access_token=act_2"), "access_token")).toBe("act_2");
    expect(readCookie(req("access_token=; __Host-access_token=act_3"), "access_token")).toBe("act_3");
    expect(readCookie(req("xaccess_token=act_4; renewal_token=r"), "access_token")).toBeUndefined();
    expect(readCookie(new Request("http://app.test/"), "access_token")).toBeUndefined();
  });
});
