import { createHmac } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { OAuthFlow } from "@/lib/auth/oauth/flows";

/**
 * GitHub and Facebook cannot run in the test suite for real, so their HTTP conversation is played by a
 * stand-in fetch: this checks what we send (PKCE verifier, redirect_uri, appsecret_proof) and how their
 * answers become an identity.
 */
beforeAll(() => {
  // config() is read once per process; this test file's worker has its own.
  Object.assign(process.env, {
    AUTH_GITHUB_ID: "gh-id",
    AUTH_GITHUB_SECRET: "gh-secret",
    AUTH_FACEBOOK_ID: "fb-id",
    AUTH_FACEBOOK_SECRET: "fb-secret",
  });
});
afterEach(() => vi.unstubAllGlobals());

const flow = (provider: string): OAuthFlow => ({
  id: "00000000-0000-4000-8000-000000000000",
  stateHash: "h",
  browserHash: "b",
  provider,
  codeVerifier: "v".repeat(43),
  nonce: "n",
  redirectUri: `https://agentcity.test/en/auth/${provider}/callback`,
  referralCode: null,
  locale: "en",
  insertedAt: new Date(),
  usedAt: new Date(),
});

type Call = { url: string; method: string; body: string; headers: Headers };

function fakeFetch(routes: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({
      url,
      method: init.method ?? "GET",
      body: String(init.body ?? ""),
      headers: new Headers(init.headers),
    });
    const route = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    if (!route) throw new TypeError("fetch failed");
    return routes[route]!();
  });
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("GitHub exchange", () => {
  it("sends the flow's verifier and redirect_uri, then reads /user and /user/emails", async () => {
    const calls = fakeFetch({
      "https://github.com/login/oauth/access_token": () =>
        json({ access_token: "gho_1", token_type: "bearer" }),
      "https://api.github.com/user/emails": () =>
        json([{ email: "octo@gh.test", primary: true, verified: true }]),
      "https://api.github.com/user": () =>
        json({ id: 42, login: "octo", name: "Octo Cat", avatar_url: null }),
    });
    const { exchangeCode } = await import("@/lib/auth/oauth/exchange");
    const identity = await exchangeCode("github", flow("github"), { code: "c1", state: "s1" });
    expect(identity).toMatchObject({
      provider: "github",
      subject: "42",
      email: "octo@gh.test",
      emailVerified: true,
      username: "octo",
    });
    const token = new URLSearchParams(calls[0]!.body);
    expect(calls[0]!.method).toBe("POST");
    expect(token.get("code")).toBe("c1");
    expect(token.get("code_verifier")).toBe("v".repeat(43));
    expect(token.get("redirect_uri")).toBe("https://agentcity.test/en/auth/github/callback");
    expect(token.get("client_id")).toBe("gh-id");
    expect(calls.slice(1).every((c) => c.headers.get("authorization") === "Bearer gho_1")).toBe(true);
    expect(calls.slice(1).every((c) => c.headers.get("user-agent"))).toBe(true);
  });

  it("still signs in, unverified, when the e-mail list is not granted", async () => {
    fakeFetch({
      "https://github.com/login/oauth/access_token": () =>
        json({ access_token: "gho_2", token_type: "bearer" }),
      "https://api.github.com/user/emails": () => json({ message: "Not Found" }, 404),
      "https://api.github.com/user": () => json({ id: 43, login: "quiet" }),
    });
    const { exchangeCode } = await import("@/lib/auth/oauth/exchange");
    const identity = await exchangeCode("github", flow("github"), { code: "c", state: "s" });
    expect(identity).toMatchObject({ subject: "43", emailVerified: false, email: null });
  });

  it("fails when GitHub refuses the code (it answers 200 with an error body)", async () => {
    fakeFetch({
      "https://github.com/login/oauth/access_token": () => json({ error: "bad_verification_code" }),
    });
    const { exchangeCode } = await import("@/lib/auth/oauth/exchange");
    await expect(exchangeCode("github", flow("github"), { code: "c", state: "s" })).rejects.toThrow();
  });
});

describe("Facebook exchange", () => {
  it("proves the app secret on the Graph call and never marks the e-mail verified", async () => {
    const calls = fakeFetch({
      "https://graph.facebook.com/v21.0/oauth/access_token": () =>
        json({ access_token: "fb_tok", token_type: "bearer", expires_in: 3600 }),
      "https://graph.facebook.com/v21.0/me": () =>
        json({ id: "77", first_name: "Lan", last_name: "Ngô", email: "lan@fb.test" }),
    });
    const { exchangeCode } = await import("@/lib/auth/oauth/exchange");
    const identity = await exchangeCode("facebook", flow("facebook"), { code: "c", state: "s" });
    expect(identity).toMatchObject({
      subject: "77",
      email: "lan@fb.test",
      emailVerified: false,
      lastName: "Ngô",
    });
    const me = new URL(calls[1]!.url);
    expect(me.searchParams.get("fields")).toContain("email");
    expect(me.searchParams.get("appsecret_proof")).toBe(
      createHmac("sha256", "fb-secret").update("fb_tok").digest("hex"),
    );
  });
});

describe("failures are told apart", () => {
  it("calls an unreachable provider unreachable and a refusal a refusal", async () => {
    const { isUnreachable, upstreamFailure } = await import("@/lib/auth/oauth/errors");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(isUnreachable(new TypeError("fetch failed"))).toBe(true);
    expect(isUnreachable(new DOMException("timed out", "TimeoutError"))).toBe(true);
    expect(upstreamFailure("github", new TypeError("fetch failed")).status).toBe(503);
    const refused = upstreamFailure("github", new Error("invalid_grant"));
    expect([refused.status, refused.detailKey]).toEqual([400, "oauth_failed"]);
    warn.mockRestore();
  });
});
