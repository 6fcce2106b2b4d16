import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

const base = () => inject("baseUrl");

type GqlBody = {
  data?: Record<string, unknown> | null;
  errors?: {
    message: string;
    extensions?: { code: string; status: number; fields?: Record<string, string> };
  }[];
};

/** Signs in through the real e-mail code flow (SMTP peer) and returns the access token. */
const signIn = async (email: string) => (await signInWithCode(base(), email)).access;

const uniqueEmail = (tag: string) => `gql-${tag}-${randomBytes(4).toString("hex")}@example.test`;

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  opts: { token?: string; headers?: Record<string, string>; operationName?: string } = {},
) {
  const res = await fetch(`${base()}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base(),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: JSON.stringify({ query, variables, operationName: opts.operationName }),
  });
  return { status: res.status, body: (await res.json()) as GqlBody, res };
}

const PROFILE = `query Profile { profile {
  enabled_otp full_twitter banner membership_id portfolio id full_ig instagram avatar email first_name
  followers_count last_name referred_by_code role twitter username ready providers inserted_at
} }`;

const UPDATE = `mutation Update($input: ProfileInput!) {
  update_profile(input: $input) { avatar email first_name last_name }
}`;

const UNAUTHORIZED = {
  errors: [{ message: "Unauthorized", extensions: { code: "unauthorized", status: 401 } }],
  data: null,
};

describe("GraphQL profile signed out", () => {
  it("answers 401 'Unauthorized' without a token", async () => {
    const { status, body } = await gql(PROFILE);
    expect(status).toBe(401);
    expect(body).toMatchObject(UNAUTHORIZED);
    expect(body.data).toBeNull();
  });

  it("answers 401 with an unknown token, by GET and by cookie too", async () => {
    expect((await gql(PROFILE, {}, { token: "act_not-a-real-token" })).status).toBe(401);
    const res = await fetch(`${base()}/api/graphql?query=${encodeURIComponent("{ profile { id } }")}`, {
      headers: { cookie: "access_token=act_forged" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject(UNAUTHORIZED);
  });
});

describe("GraphQL profile signed in", () => {
  let email: string;
  let token: string;
  beforeAll(async () => {
    email = uniqueEmail("main");
    token = await signIn(email);
  });

  it("returns every spec field with the right type", async () => {
    const { status, body } = await gql(PROFILE, {}, { token });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.errors).toBeUndefined();
    const p = body.data!.profile as Record<string, unknown>;
    expect(Object.keys(p).sort()).toEqual(
      [
        "enabled_otp",
        "full_twitter",
        "banner",
        "membership_id",
        "portfolio",
        "id",
        "full_ig",
        "instagram",
        "avatar",
        "email",
        "first_name",
        "followers_count",
        "last_name",
        "referred_by_code",
        "role",
        "twitter",
        "username",
        "ready",
        "providers",
        "inserted_at",
      ].sort(),
    );
    const [row] = await sql<{ id: string; membership_id: string }>(
      "select id, membership_id from users where email = $1",
      [email],
    );
    expect(p.id).toBe(row!.id);
    expect(p.email).toBe(email);
    expect(p.membership_id).toBe(row!.membership_id);
    expect(p.providers).toEqual(["email"]);
    // SMTP is configured in the test server and the account has an address.
    expect(p.enabled_otp).toBe(true);
    // A code sign-in gives no name yet, so setup cannot proceed.
    expect(p.first_name).toBe("");
    expect(p.ready).toBe(false);
    expect(typeof p.role).toBe("string");
    expect(p.followers_count).toBe(0);
    expect(Number.isNaN(Date.parse(p.inserted_at as string))).toBe(false);
    expect(new Date(p.inserted_at as string).toISOString()).toBe(p.inserted_at);
    for (const k of ["full_twitter", "full_ig", "banner", "portfolio", "twitter", "instagram", "avatar"]) {
      expect(p[k], k).toBeNull();
    }
  });

  it("builds full social URLs from stored handles", async () => {
    await sql("update users set twitter = '@an_le', instagram = 'an.le' where email = $1", [email]);
    // The handles were changed behind the cache's back: a profile update invalidates it.
    await gql(UPDATE, { input: { last_name: "Lê" } }, { token });
    const p = (await gql("{ profile { full_twitter full_ig twitter } }", {}, { token })).body.data!
      .profile as Record<string, unknown>;
    expect(p).toEqual({
      full_twitter: "https://x.com/an_le",
      full_ig: "https://www.instagram.com/an.le/",
      twitter: "@an_le",
    });
  });

  it("also accepts the access_token cookie", async () => {
    const res = await fetch(`${base()}/api/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base(), cookie: `access_token=${token}` },
      body: JSON.stringify({ query: "{ profile { email } }" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({ data: { profile: { email } } });
  });

  it("update_profile changes names and avatar, and the next profile shows them at once", async () => {
    // Fill the cache first, so a stale answer would show.
    expect((await gql("{ profile { first_name } }", {}, { token })).status).toBe(200);
    const avatar = "https://img.example.test/an.png";
    const { status, body } = await gql(
      UPDATE,
      { input: { first_name: "  An ", last_name: "Nguyễn", avatar } },
      { token },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      data: { update_profile: { avatar, email, first_name: "An", last_name: "Nguyễn" } },
    });

    const after = await gql("{ profile { first_name last_name avatar ready } }", {}, { token });
    expect(after.body.data!.profile).toEqual({ first_name: "An", last_name: "Nguyễn", avatar, ready: true });
    const [row] = await sql<{ first_name: string; avatar: string }>(
      "select first_name, avatar from users where email = $1",
      [email],
    );
    expect(row).toEqual({ first_name: "An", avatar });

    // An empty avatar removes the picture; absent fields stay.
    await gql(UPDATE, { input: { avatar: "" } }, { token });
    const cleared = await gql("{ profile { first_name avatar } }", {}, { token });
    expect(cleared.body.data!.profile).toEqual({ first_name: "An", avatar: null });
  });

  it.each([
    ["en", { avatar: "Enter an image address that starts with https://." }],
    ["vi", { avatar: "Vui lòng nhập địa chỉ ảnh bắt đầu bằng https://." }],
  ] as const)("refuses invalid input with field errors in %s", async (locale, texts) => {
    const { status, body } = await gql(
      UPDATE,
      { input: { avatar: "javascript:alert(1)", first_name: "x".repeat(300), email: "not-an-address" } },
      { token, headers: { "accept-language": locale === "vi" ? "vi-VN,vi;q=0.9" : "en-US" } },
    );
    expect(status).toBe(422);
    expect(body.data).toBeNull();
    const error = body.errors![0]!;
    expect(error.extensions!.code).toBe("validation_failed");
    expect(error.extensions!.status).toBe(422);
    expect(error.message).toBe(
      locale === "vi" ? "Một số trường bị thiếu hoặc không hợp lệ." : "Some fields are missing or invalid.",
    );
    const fields = error.extensions!.fields!;
    expect(fields.avatar).toBe(texts.avatar);
    expect(fields.first_name).toBe(locale === "vi" ? "Tối đa 100 ký tự." : "Use at most 100 characters.");
    expect(fields.email).toBe(
      locale === "vi" ? "Vui lòng nhập địa chỉ e-mail hợp lệ." : "Enter a valid e-mail address.",
    );
    // Nothing was saved.
    const [row] = await sql<{ first_name: string; email: string }>(
      "select first_name, email from users where email = $1",
      [email],
    );
    expect(row).toEqual({ first_name: "An", email });
  });

  it("refuses an e-mail another account has verified, and stores a new one unverified", async () => {
    const otherEmail = uniqueEmail("taken");
    await signIn(otherEmail);
    const taken = await gql(UPDATE, { input: { email: otherEmail.toUpperCase() } }, { token });
    expect(taken.status).toBe(422);
    expect(taken.body.errors![0]!.extensions!.fields).toEqual({
      email: "This e-mail address is already used by another account.",
    });

    const moving = uniqueEmail("moved");
    const moved = await gql(UPDATE, { input: { email: moving.toUpperCase() } }, { token });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body.data!.update_profile as { email: string }).email).toBe(moving);
    const [row] = await sql<{ email_verified: boolean }>(
      "select email_verified from users where email = $1",
      [moving],
    );
    expect(row!.email_verified).toBe(false);
    // Move back (the address is still this account's own, unverified now).
    const back = await gql(UPDATE, { input: { email } }, { token });
    expect(back.status).toBe(200);
    email = (back.body.data!.update_profile as { email: string }).email;
  });

  it("never shows another user's data", async () => {
    const otherEmail = uniqueEmail("other");
    const other = await signIn(otherEmail);
    await gql(UPDATE, { input: { first_name: "Mallory" } }, { token: other });
    const [mine, theirs] = await Promise.all([
      gql("{ profile { id email first_name } }", {}, { token }),
      gql("{ profile { id email first_name } }", {}, { token: other }),
    ]);
    expect(mine.body.data!.profile).toMatchObject({ email, first_name: "An" });
    expect(theirs.body.data!.profile).toMatchObject({ email: otherEmail, first_name: "Mallory" });
    expect((mine.body.data!.profile as { id: string }).id).not.toBe(
      (theirs.body.data!.profile as { id: string }).id,
    );
    // The schema has no way to name another user: arguments on profile are refused.
    const probe = await gql(
      `{ profile(id: "${(theirs.body.data!.profile as { id: string }).id}") { email } }`,
      {},
      { token },
    );
    expect(probe.status).toBe(400);
    expect(JSON.stringify(probe.body)).not.toContain(otherEmail);
  });

  it("refuses an oversize document", async () => {
    const padding = `# ${"x".repeat(11 * 1024)}\n`;
    const { status, body } = await gql(`${padding}{ profile { id } }`, {}, { token });
    expect(status).toBe(413);
    expect(body.errors![0]!.extensions!.code).toBe("payload_too_large");
    expect(body.data ?? null).toBeNull();
  });

  it("refuses a query nested deeper than 8 levels", async () => {
    const deep = "{ profile { ...A } } fragment A on Profile { id }";
    expect((await gql(deep, {}, { token })).status).toBe(200);
    const tooDeep = `{ a { b { c { d { e { f { g { h { i } } } } } } } } }`;
    const { status, body } = await gql(tooDeep, {}, { token });
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toContain("8");
  });

  it("needs operationName when the document has several operations", async () => {
    const doc = "query A { profile { id } } query B { profile { email } }";
    const without = await gql(doc, {}, { token });
    expect(without.status).toBe(400);
    expect(without.body.errors![0]!.extensions!.code).toBe("bad_request");
    const named = await gql(doc, {}, { token, operationName: "B" });
    expect(named.status).toBe(200);
    expect(named.body.data).toEqual({ profile: { email } });
  });

  it("runs mutations only over POST", async () => {
    const q = encodeURIComponent('mutation { update_profile(input: {first_name: "Get"}) { first_name } }');
    const res = await fetch(`${base()}/api/graphql?query=${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    const [row] = await sql<{ first_name: string }>("select first_name from users where email = $1", [email]);
    expect(row!.first_name).toBe("An");
  });

  it("turns introspection off in production", async () => {
    const { status, body } = await gql("{ __schema { types { name } } }", {}, { token });
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toMatch(/introspection/i);
  });

  it("reports a syntax error as a 400 with GraphQL errors", async () => {
    const { status, body } = await gql("{ profile { id ", {}, { token });
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toMatch(/Syntax Error/);
  });

  it("refuses a cross-origin POST (403), even with a valid cookie, and saves nothing", async () => {
    const res = await fetch(`${base()}/api/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://evil.test",
        cookie: `access_token=${token}`,
      },
      body: JSON.stringify({ query: UPDATE, variables: { input: { first_name: "Evil" } } }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as GqlBody;
    expect(body.errors![0]!.extensions!.code).toBe("forbidden");
    const [row] = await sql<{ first_name: string }>("select first_name from users where email = $1", [email]);
    expect(row!.first_name).toBe("An");
  });
});
