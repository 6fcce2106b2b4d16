import { createHash, randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { START_LIMIT } from "@/lib/auth/oauth/policy";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { baseUrl, get, layoutOf } from "../helpers/http";
import { sql } from "../helpers/sql";

/**
 * AUTH-1 / AUTH-8 against the real test OpenID Connect provider: the server redirects to it, it redirects
 * back with a code, and the server trades that code (with PKCE) over real HTTP.
 */

const run = randomBytes(4).toString("hex");
const issuer = () => inject("oidcIssuer").replace(/\/+$/, "");
const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");

/** One browser's cookies: what Set-Cookie gave it, sent back as Cookie. */
class Jar {
  private readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

type Claims = Record<string, unknown>;

/**
 * AUTH-3 cookie flags, on every Set-Cookie line: HttpOnly, SameSite=Lax, Path=/, and on this plain-http
 * loopback server neither Secure nor the __Host- prefix (the browser would drop both), nor a Domain.
 */
function expectCookieFlags(lines: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const attrs = line
      .split(";")
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(line, line).not.toMatch(/^__Host-/);
    expect(attrs, line).toContain("httponly");
    expect(attrs, line).toContain("samesite=lax");
    expect(attrs, line).toContain("path=/");
    expect(attrs, line).not.toContain("secure");
    expect(
      attrs.some((a) => a.startsWith("domain=")),
      line,
    ).toBe(false);
  }
}

/** How many token requests the provider has received: tells "we refused" from "the provider refused". */
async function tokenRequests(): Promise<number> {
  const res = await fetch(`${issuer()}/__control/token-requests`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

function claimsFor(name: string, extra: Claims = {}): Claims {
  return {
    sub: `${name}-${run}`,
    email: `${name}-${run}@id.test`,
    email_verified: true,
    given_name: "Peer",
    family_name: name,
    name: `Peer ${name}`,
    picture: `https://images.id.test/${name}.png`,
    ...extra,
  };
}

/** GET /new as a followed link: answers 302 to the provider and sets the oauth_flow cookie. */
async function startFlow(jar: Jar, query = ""): Promise<URL> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/oidc/new${query}`, {
    redirect: "manual",
    headers: { cookie: jar.header() },
  });
  expect(res.status).toBe(302);
  expectCookieFlags(res.headers.getSetCookie());
  jar.take(res);
  return new URL(res.headers.get("location")!);
}

/** The provider's login: who signs in is chosen through its control route, then it redirects back. */
async function authorizeAtPeer(authorizeUrl: URL, claims: Claims) {
  const control = await fetch(`${issuer()}/__control/next-user`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(claims),
  });
  expect(control.status).toBe(204);
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  // Back to the callback page the flow named, on this server.
  expect(`${back.origin}${back.pathname}`).toBe(authorizeUrl.searchParams.get("redirect_uri"));
  return { back, code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

async function postCallback(jar: Jar | null, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}/api/v1/auth/oidc/callback`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl(),
      ...(jar ? { cookie: jar.header() } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** A whole sign-in in one fresh browser. */
async function signIn(claims: Claims, query = "") {
  const jar = new Jar();
  const { code, state } = await authorizeAtPeer(await startFlow(jar, query), claims);
  const res = await postCallback(jar, { code, state });
  const body = await res.json();
  return { res, body, jar, code, state };
}

const count = async (query: string, params: unknown[] = []) =>
  Number((await sql<{ n: number }>(query, params))[0]!.n);
const userIdBySub = async (sub: unknown) =>
  (
    await sql<{ user_id: string }>(
      "select user_id from identities where provider = 'oidc' and subject = $1",
      [sub],
    )
  )[0]?.user_id;

afterAll(async () => {
  // One server serves the whole integration run: leave the per-address callback budget to later files.
  await sql("delete from rate_limits where key like 'oauth-%'");
});

describe("starting a sign-in", () => {
  it("redirects to the provider with state, nonce and an S256 challenge, and stores only hashes", async () => {
    const jar = new Jar();
    const url = await startFlow(jar, "?locale=en");
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer()}/authorize`);
    const q = url.searchParams;
    expect(q.get("client_id")).toBe("agentcity-test");
    expect(q.get("response_type")).toBe("code");
    expect(q.get("redirect_uri")).toBe(`${baseUrl()}/en/auth/oidc/callback`);
    expect(q.get("scope")).toBe("openid email profile");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(q.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    const browser = jar.get("oauth_flow");
    expect(browser).toMatch(/^ofl_/);

    const [flow] = await sql<{ browser_hash: string; code_verifier: string; used_at: unknown }>(
      "select browser_hash, code_verifier, used_at from oauth_flows where state_hash = $1",
      [sha256(q.get("state")!)],
    );
    expect(flow).toBeDefined();
    expect(flow!.browser_hash).toBe(sha256(browser!));
    expect(flow!.used_at).toBeNull();
    expect(sha256(flow!.code_verifier)).toBe(q.get("code_challenge"));
    expect(
      await count("select count(*)::int as n from oauth_flows where state_hash = $1", [q.get("state")]),
    ).toBe(0);
  });

  it("answers {data: {url}} to a caller that asks for JSON", async () => {
    const res = await fetch(`${baseUrl()}/api/v1/auth/oidc/new?locale=vi`, {
      headers: { accept: "application/json" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("oauth_flow=ofl_"))).toBe(true);
    expectCookieFlags(res.headers.getSetCookie());
    const { data } = await res.json();
    const url = new URL(data.url);
    expect(url.searchParams.get("redirect_uri")).toBe(`${baseUrl()}/vi/auth/oidc/callback`);
  });

  it.each(["github", "facebook", "google", "myspace"])(
    "404s for a provider that is off or unknown, in the caller's language: %s",
    async (id) => {
      for (const [lang, messages] of [
        ["en", en],
        ["vi", vi],
      ] as const) {
        const res = await fetch(`${baseUrl()}/api/v1/auth/${id}/new?locale=${lang}`, { redirect: "manual" });
        expect(res.status).toBe(404);
        expect(res.headers.getSetCookie()).toEqual([]);
        expect((await res.json()).error).toEqual({
          status: 404,
          message: "not_found",
          detail: messages.errors.oauth_provider_unknown,
        });
        const post = await fetch(`${baseUrl()}/api/v1/auth/${id}/callback?locale=${lang}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: baseUrl() },
          body: JSON.stringify({ code: "c", state: "s" }),
        });
        expect(post.status).toBe(404);
        expect(post.headers.getSetCookie()).toEqual([]);
        expect((await post.json()).error).toEqual({
          status: 404,
          message: "not_found",
          detail: messages.errors.oauth_provider_unknown,
        });
      }
      expect(en.errors.oauth_provider_unknown).not.toBe(vi.errors.oauth_provider_unknown);
    },
  );
});

describe("finishing a sign-in", () => {
  it("signs in through the provider and back, sets the session cookies and creates the account from the provider's claims", async () => {
    const claims = claimsFor("full", {
      given_name: "An",
      family_name: "Lê",
      picture: "https://img.test/an.png",
    });
    const jar = new Jar();
    const { back, code, state } = await authorizeAtPeer(
      await startFlow(jar, "?referral-code=FRIEND_42&locale=en"),
      claims,
    );
    expect(`${back.origin}${back.pathname}`).toBe(`${baseUrl()}/en/auth/oidc/callback`);
    // The page the provider sends the browser to renders; its script then posts the code and state.
    const page = await get(`${back.pathname}${back.search}`, { cookie: jar.header() });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Signing in with Test ID");

    const tokensBefore = await tokenRequests();
    const res = await postCallback(jar, { code, state });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(await tokenRequests()).toBe(tokensBefore + 1);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(body.data.access_token).toMatch(/^act_/);
    expect(body.data.renewal_token).toMatch(/^rnt_/);
    expect(body.data.user).toMatchObject({
      email: claims.email,
      first_name: "An",
      last_name: "Lê",
      avatar: "https://img.test/an.png",
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    expectCookieFlags(cookies);
    expect(cookies.some((c) => c.startsWith(`access_token=${body.data.access_token};`))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`renewal_token=${body.data.renewal_token};`))).toBe(true);
    expect(cookies.some((c) => c.startsWith("oauth_flow=;") && /max-age=0/i.test(c))).toBe(true);

    const [user] = await sql("select * from users where email = $1", [claims.email]);
    expect(user).toMatchObject({
      first_name: "An",
      last_name: "Lê",
      avatar: "https://img.test/an.png",
      email_verified: true,
      referred_by_code: "FRIEND_42",
    });
    expect(
      await count("select count(*)::int as n from sessions where user_id = $1 and method = 'oidc'", [
        user!.id,
      ]),
    ).toBe(1);

    const sessions = await fetch(`${baseUrl()}/api/v1/user/sessions`, {
      headers: { authorization: `Bearer ${body.data.access_token}` },
    });
    expect(sessions.status).toBe(200);
    expect((await sessions.json()).data).toEqual([
      expect.objectContaining({ method: "oidc", current: true }),
    ]);

    // The browser now holds the session (and no flow): the API and the setup area know it by cookie.
    jar.take(res);
    expect(jar.get("oauth_flow")).toBeUndefined();
    const byCookie = await fetch(`${baseUrl()}/api/v1/user/sessions`, { headers: { cookie: jar.header() } });
    expect(byCookie.status).toBe(200);
    const setup = await get("/en/setup", { cookie: jar.header() });
    expect(setup.status).toBe(200);
    expect(layoutOf(setup.text)).toBe("chat");
    expect((await get("/en/setup")).status).toBe(307);
  });

  it("reaches the same account on a second sign-in with the same subject", async () => {
    const claims = claimsFor("again");
    const first = await signIn(claims);
    const second = await signIn({ ...claims, given_name: "Changed" });
    expect(first.res.status).toBe(200);
    expect(second.res.status).toBe(200);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    // What the account already has is kept; the provider only fills blanks.
    expect(second.body.data.user.first_name).toBe("Peer");
    expect(
      await count("select count(*)::int as n from sessions where user_id = $1", [first.body.data.user.id]),
    ).toBe(2);
  });

  it("links a different subject with the same verified e-mail to the same account", async () => {
    const claims = claimsFor("link");
    const first = await signIn(claims);
    const other = await signIn({ ...claims, sub: `link-other-${run}` });
    expect(other.res.status).toBe(200);
    expect(other.body.data.user.id).toBe(first.body.data.user.id);
    expect(await userIdBySub(`link-other-${run}`)).toBe(first.body.data.user.id);
  });

  it("never links on an unverified e-mail: that creates a separate account", async () => {
    const claims = claimsFor("unverified");
    const owner = await signIn(claims);
    const stranger = await signIn({ ...claims, sub: `unverified-other-${run}`, email_verified: false });
    expect(stranger.res.status).toBe(200);
    expect(stranger.body.data.user.id).not.toBe(owner.body.data.user.id);
    const [row] = await sql("select email_verified from users where id = $1", [stranger.body.data.user.id]);
    expect(row!.email_verified).toBe(false);
  });
});

describe("refusing what is not this browser's own, fresh, unused flow", () => {
  it("refuses an unknown state and creates no session", async () => {
    const before = await count("select count(*)::int as n from sessions");
    const res = await postCallback(new Jar(), { code: "anything", state: "not-a-state" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      status: 400,
      message: "bad_request",
      detail: "Sign-in could not be completed. Please start again from the sign-in page.",
    });
    expect(await count("select count(*)::int as n from sessions")).toBe(before);
  });

  it("refuses the state from another browser (no cookie, another cookie) and leaves the flow usable", async () => {
    const claims = claimsFor("browser");
    const mine = new Jar();
    const { code, state } = await authorizeAtPeer(await startFlow(mine), claims);
    const other = new Jar();
    await startFlow(other);
    expect(other.get("oauth_flow")).not.toBe(mine.get("oauth_flow"));

    for (const jar of [null, other]) {
      const res = await postCallback(jar, { code, state });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe("bad_request");
    }
    expect(await userIdBySub(claims.sub)).toBeUndefined();

    const res = await postCallback(mine, { code, state });
    expect(res.status).toBe(200);
  });

  it("refuses a replayed code and state: still exactly one session", async () => {
    const claims = claimsFor("replay");
    const { res, jar, code, state } = await signIn(claims);
    expect(res.status).toBe(200);
    const tokensBefore = await tokenRequests();
    const replay = await postCallback(jar, { code, state });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.message).toBe("bad_request");
    // Refused here, from the spent flow: the code never went back to the provider.
    expect(await tokenRequests()).toBe(tokensBefore);
    const userId = await userIdBySub(claims.sub);
    expect(await count("select count(*)::int as n from sessions where user_id = $1", [userId])).toBe(1);
  });

  it("lets only one of two simultaneous callbacks through", async () => {
    const claims = claimsFor("race");
    const jar = new Jar();
    const { code, state } = await authorizeAtPeer(await startFlow(jar), claims);
    const tokensBefore = await tokenRequests();
    const results = await Promise.all([
      postCallback(jar, { code, state }),
      postCallback(jar, { code, state }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await tokenRequests()).toBe(tokensBefore + 1);
    const userId = await userIdBySub(claims.sub);
    expect(await count("select count(*)::int as n from sessions where user_id = $1", [userId])).toBe(1);
  });

  it("fails the exchange when the stored PKCE verifier is not the one the challenge was made from", async () => {
    const claims = claimsFor("verifier");
    const jar = new Jar();
    const { code, state } = await authorizeAtPeer(await startFlow(jar), claims);
    // A well-formed verifier (RFC 7636: 43 to 128 unreserved characters), just not this flow's.
    const tampered = await sql(
      "update oauth_flows set code_verifier = $1 where state_hash = $2 returning id",
      [randomBytes(32).toString("base64url"), sha256(state)],
    );
    expect(tampered).toHaveLength(1);
    const before = await count("select count(*)::int as n from sessions");
    const tokensBefore = await tokenRequests();
    const res = await postCallback(jar, { code, state });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      message: "bad_request",
      detail: en.errors.oauth_failed,
    });
    // This time the provider was asked, and it said no.
    expect(await tokenRequests()).toBe(tokensBefore + 1);
    expect(await userIdBySub(claims.sub)).toBeUndefined();
    expect(await count("select count(*)::int as n from users where email = $1", [claims.email])).toBe(0);
    expect(await count("select count(*)::int as n from sessions")).toBe(before);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("fails the exchange when the code was issued for another flow (its PKCE and nonce)", async () => {
    const claims = claimsFor("pkce");
    const jar = new Jar();
    const flowA = await startFlow(jar);
    const { code: codeForB } = await authorizeAtPeer(await startFlow(jar), claims);
    const res = await postCallback(jar, { code: codeForB, state: flowA.searchParams.get("state") });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe("bad_request");
    expect(await userIdBySub(claims.sub)).toBeUndefined();
    expect(await count("select count(*)::int as n from users where email = $1", [claims.email])).toBe(0);
  });

  it("fails cleanly when the provider refuses the code", async () => {
    const jar = new Jar();
    const url = await startFlow(jar);
    const before = await count("select count(*)::int as n from sessions");
    const res = await postCallback(jar, { code: "made-up-code", state: url.searchParams.get("state") });
    expect(res.status).toBe(400);
    expect(await count("select count(*)::int as n from sessions")).toBe(before);
  });

  it("says the flow expired when it is older than its lifetime", async () => {
    const claims = claimsFor("expired");
    const jar = new Jar();
    const { code, state } = await authorizeAtPeer(await startFlow(jar), claims);
    await sql("update oauth_flows set inserted_at = now() - interval '11 minutes' where state_hash = $1", [
      sha256(state),
    ]);
    const res = await postCallback(jar, { code, state });
    expect(res.status).toBe(400);
    expect((await res.json()).error.detail).toBe(
      "This sign-in took too long and has expired. Please start again.",
    );
    expect(await userIdBySub(claims.sub)).toBeUndefined();
  });

  it("answers in Vietnamese when asked by ?locale=vi or Accept-Language", async () => {
    const byQuery = await fetch(`${baseUrl()}/api/v1/auth/oidc/callback?locale=vi`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl(), "accept-language": "en" },
      body: JSON.stringify({ code: "c", state: "s" }),
    });
    expect(byQuery.status).toBe(400);
    expect((await byQuery.json()).error.detail).toBe(vi.errors.oauth_failed);
    const byHeader = await postCallback(new Jar(), { code: "c", state: "s" }, { "accept-language": "vi" });
    expect(byHeader.status).toBe(400);
    expect((await byHeader.json()).error.detail).toBe(vi.errors.oauth_failed);
    expect(vi.errors.oauth_failed).not.toBe(en.errors.oauth_failed);
  });

  it("rejects a malformed body with 422", async () => {
    const res = await postCallback(new Jar(), { code: "" });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toHaveProperty("state");
  });

  it("refuses a cross-origin POST", async () => {
    const jar = new Jar();
    const url = await startFlow(jar);
    const res = await postCallback(
      jar,
      { code: "c", state: url.searchParams.get("state") },
      { origin: "http://evil.test" },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe("forbidden");
    expect(res.headers.getSetCookie()).toEqual([]);
    // Refused before anything was read: the flow is untouched.
    const [flow] = await sql<{ used_at: unknown }>("select used_at from oauth_flows where state_hash = $1", [
      sha256(url.searchParams.get("state")!),
    ]);
    expect(flow!.used_at).toBeNull();
  });

  it("limits sign-in starts per address with 429 and Retry-After", async () => {
    const flowsBefore = await count("select count(*)::int as n from oauth_flows");
    // Earlier tests spent part of this address's budget in the current window (127.0.0.1; helpers that
    // sign in from addresses of their own have rows of their own).
    const spent = await count(
      `select coalesce(sum(count), 0)::int as n from rate_limits
        where key = 'oauth-start:127.0.0.1' and window_start > now() - interval '${START_LIMIT.windowSeconds} seconds'`,
    );
    let started = 0;
    let limited: Response | undefined;
    for (let i = 0; i <= START_LIMIT.max && !limited; i++) {
      const res = await fetch(`${baseUrl()}/api/v1/auth/oidc/new`, { redirect: "manual" });
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(302);
        started++;
      }
    }
    try {
      expect(limited).toBeDefined();
      expect(started).toBe(Math.max(0, START_LIMIT.max - spent));
      expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited!.headers.getSetCookie()).toEqual([]);
      expect((await limited!.json()).error).toMatchObject({ status: 429, message: "rate_limited" });
      expect(await count("select count(*)::int as n from oauth_flows")).toBe(flowsBefore + started);
    } finally {
      await sql("delete from rate_limits where key like 'oauth-start:%'");
    }
    const again = await fetch(`${baseUrl()}/api/v1/auth/oidc/new`, { redirect: "manual" });
    expect(again.status).toBe(302);
  });

  it("limits callbacks per address with 429 and Retry-After", async () => {
    await postCallback(new Jar(), { code: "c", state: "s" });
    await sql("update rate_limits set count = 1000 where key like 'oauth-callback:%'");
    const res = await postCallback(new Jar(), { code: "c", state: "s" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    await sql("delete from rate_limits where key like 'oauth-callback:%'");
  });
});

describe("/oauth2/auth", () => {
  it("starts the named provider's sign-in, keeping referral code and language", async () => {
    const { status, res } = await get("/oauth2/auth?provider=oidc&referral-code=R1&locale=vi");
    expect(status).toBe(302);
    expect(res.headers.get("location")).toBe(`${baseUrl()}/api/v1/auth/oidc/new?locale=vi&referral-code=R1`);
  });

  it("sends a provider that is off or unknown to the sign-in card instead of the API's 404", async () => {
    for (const provider of ["google", "myspace"]) {
      const { status, res } = await get(`/oauth2/auth?provider=${provider}&locale=vi`);
      expect(status).toBe(302);
      expect(res.headers.get("location")).toBe(`${baseUrl()}/vi#sign-in`);
    }
  });

  it("without a provider, shows sign-in in the visitor's language", async () => {
    expect((await get("/oauth2/auth")).res.headers.get("location")).toBe(`${baseUrl()}/en#sign-in`);
    const viRes = await get("/oauth2/auth", { "accept-language": "vi" });
    expect(viRes.status).toBe(302);
    expect(viRes.res.headers.get("location")).toBe(`${baseUrl()}/vi#sign-in`);
  });
});

describe("the callback page", () => {
  it("renders in the blank layout with the provider's configured name", async () => {
    const { status, text } = await get("/en/auth/oidc/callback?code=x&state=y");
    expect(status).toBe(200);
    expect(layoutOf(text)).toBe("blank");
    expect(text).toContain("Signing in with Test ID");
    const viPage = await get("/vi/auth/oidc/callback?error=access_denied");
    expect(viPage.text).toContain("Đăng nhập bằng Test ID");
  });

  it("is a 404 for an unknown provider", async () => {
    expect((await get("/en/auth/myspace/callback")).status).toBe(404);
  });
});
