import { describe, expect, it } from "vitest";
import {
  authorizationParams,
  BROWSER_SECRET_PATTERN,
  prefersJson,
  redirectUriFor,
} from "@/lib/auth/oauth/authorize";
import { plainHttpAllowed } from "@/lib/auth/oauth/client";
import { randomToken } from "@/lib/auth/tokens";

describe("redirect_uri", () => {
  it("points at the callback page in the language the sign-in started in", () => {
    expect(redirectUriFor("https://agentcity.example", "vi", "github")).toBe(
      "https://agentcity.example/vi/auth/github/callback",
    );
    expect(redirectUriFor("http://127.0.0.1:4000/", "en", "oidc")).toBe(
      "http://127.0.0.1:4000/en/auth/oidc/callback",
    );
  });
});

describe("authorization request", () => {
  const base = {
    redirectUri: "https://a.test/en/auth/oidc/callback",
    scope: "openid email profile",
    state: "st",
    codeChallenge: "ch",
  };

  it("always asks for the code flow with an S256 PKCE challenge", () => {
    expect(authorizationParams(base)).toEqual({
      response_type: "code",
      redirect_uri: base.redirectUri,
      scope: base.scope,
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
    });
  });

  it("sends a nonce only when one is given (OpenID Connect)", () => {
    expect(authorizationParams({ ...base, nonce: "n1" }).nonce).toBe("n1");
    expect("nonce" in authorizationParams(base)).toBe(false);
  });
});

describe("prefersJson", () => {
  it.each([
    ["application/json", true],
    ["application/json, text/plain, */*", true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["text/html;q=0.5, application/json", true],
    ["application/json;q=0.1, text/html", false],
    ["*/*", false],
    [null, false],
  ])("%s -> %s", (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });
});

describe("plain-http issuers", () => {
  it.each([
    ["http://127.0.0.1:8080", true],
    ["http://localhost:9000/realms/x", true],
    ["http://[::1]:8080", true],
    ["https://accounts.google.com", false],
    ["http://id.example.com", false],
    ["http://127.0.0.1.evil.test", false],
  ])("%s -> %s", (issuer, expected) => {
    expect(plainHttpAllowed(new URL(issuer))).toBe(expected);
  });
});

describe("browser binding value", () => {
  it("accepts our own random values and nothing else", () => {
    expect(BROWSER_SECRET_PATTERN.test(randomToken("ofl"))).toBe(true);
    expect(BROWSER_SECRET_PATTERN.test(randomToken("act"))).toBe(false);
    expect(BROWSER_SECRET_PATTERN.test("ofl_short")).toBe(false);
  });
});
