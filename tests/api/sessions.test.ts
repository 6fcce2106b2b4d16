import { createHash, randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Tokens } from "@/lib/contracts/auth";
import type { ErrorBody } from "@/lib/contracts/errors";
import { cookiePairs, type SignedIn, signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * AUTH-3 over real HTTP: session families, rotation, theft detection, logout and the cookies that carry
 * the tokens.
 */

const base = () => inject("baseUrl");
const uniqueEmail = (tag: string) => `sessions-${tag}-${randomBytes(4).toString("hex")}@example.test`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");

const YEAR = 365 * 24 * 3600;

afterAll(() => sql("delete from rate_limits where key like 'otp:%'"));

/** A signed-in call as an API client: the access token as Bearer, no cookies. */
const sessionsAs = (access: string) =>
  fetch(`${base()}/api/v1/user/sessions`, { headers: { authorization: `Bearer ${access}` } });

async function renewWithCookie(renewal: string) {
  const res = await fetch(`${base()}/api/v1/user/session/renew`, {
    method: "POST",
    headers: { origin: base(), cookie: `renewal_token=${renewal}` },
  });
  return { res, body: (await res.json()) as { data: Tokens } & ErrorBody };
}

async function renewWithBearer(renewal: string) {
  const res = await fetch(`${base()}/api/v1/user/session/renew`, {
    method: "POST",
    headers: { authorization: `Bearer ${renewal}` },
  });
  return { res, body: (await res.json()) as { data: Tokens } & ErrorBody };
}

const sessionIdOf = async (access: string) =>
  (
    await sql<{ session_id: string }>("select session_id from session_tokens where access_hash = $1", [
      sha256(access),
    ])
  )[0]!.session_id;

/** name → { value, attributes } of each Set-Cookie line. */
function cookieMap(lines: string[]) {
  const map = new Map<string, { value: string; attrs: Map<string, string> }>();
  for (const line of lines) {
    const [pair = "", ...rest] = line.split(";").map((s) => s.trim());
    const eq = pair.indexOf("=");
    const attrs = new Map<string, string>();
    for (const a of rest) {
      const i = a.indexOf("=");
      attrs.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? "" : a.slice(i + 1));
    }
    map.set(pair.slice(0, eq), { value: pair.slice(eq + 1), attrs });
  }
  return map;
}

/** Moves a family's rotations a minute into the past, beyond the race grace. */
async function ageRotations(sessionId: string) {
  await sql(
    "update session_tokens set rotated_at = rotated_at - interval '1 minute' where session_id = $1 and rotated_at is not null",
    [sessionId],
  );
}

/** HttpOnly, SameSite=Lax, Path=/ and, on http://127.0.0.1, no Secure and no __Host- prefix. */
function expectSessionCookie(lines: string[], name: string, value: string | null, maxAge: number) {
  const c = cookieMap(lines).get(name);
  expect(c, `${name} in ${lines.join(" | ")}`).toBeDefined();
  if (value !== null) expect(c!.value).toBe(value);
  expect(c!.attrs.has("httponly")).toBe(true);
  expect(c!.attrs.get("samesite")).toBe("Lax");
  expect(c!.attrs.get("path")).toBe("/");
  expect(c!.attrs.has("secure")).toBe(false);
  expect(c!.attrs.get("max-age")).toBe(String(maxAge));
}

describe("tokens at rest", () => {
  it("stores only hashes of the access and renewal tokens", async () => {
    const s = await signInWithCode(base(), uniqueEmail("hashes"));
    const rows = await sql<Record<string, unknown>>(
      "select t.* from session_tokens t join sessions s on s.id = t.session_id where s.user_id = $1",
      [s.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.access_hash).toBe(sha256(s.access));
    expect(rows[0]!.renewal_hash).toBe(sha256(s.renewal));
    const everything =
      JSON.stringify(await sql("select * from session_tokens")) +
      JSON.stringify(await sql("select * from sessions"));
    expect(everything).not.toContain(s.access);
    expect(everything).not.toContain(s.renewal);
    expect(everything).not.toContain(s.access.slice(4));
    expect(everything).not.toContain(s.renewal.slice(4));
  });
});

describe("cookies", () => {
  it("sign-in, renewal and logout set HttpOnly, SameSite=Lax, Path=/ cookies with the spec's lifetimes", async () => {
    const s = await signInWithCode(base(), uniqueEmail("cookies"));
    expectSessionCookie(s.setCookies, "access_token", s.access, YEAR);
    expectSessionCookie(s.setCookies, "renewal_token", s.renewal, 10 * YEAR);
    expectSessionCookie(s.setCookies, "otp_request", "", 0);

    const renewed = await renewWithCookie(s.renewal);
    expect(renewed.res.status).toBe(200);
    const lines = renewed.res.headers.getSetCookie();
    expectSessionCookie(lines, "access_token", renewed.body.data.access_token, YEAR);
    expectSessionCookie(lines, "renewal_token", renewed.body.data.renewal_token, 10 * YEAR);
    expect(renewed.res.headers.get("cache-control")).toContain("no-store");

    const out = await fetch(`${base()}/api/v1/user/session`, {
      method: "DELETE",
      headers: {
        origin: base(),
        cookie: cookiePairs(lines).join("; "),
      },
    });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    for (const name of ["access_token", "renewal_token", "payment_token"]) {
      expectSessionCookie(cleared, name, "", 0);
      expect(cookieMap(cleared).get(name)!.attrs.get("expires")).toBe("Thu, 01 Jan 1970 00:00:00 GMT");
    }
  });
});

describe("renewal", () => {
  it("rotates both tokens with the renewal token in a cookie; the old pair stops working", async () => {
    const s = await signInWithCode(base(), uniqueEmail("rotate-cookie"));
    const { res, body } = await renewWithCookie(s.renewal);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const next = body.data;
    expect(next.access_token).toMatch(/^act_/);
    expect(next.renewal_token).toMatch(/^rnt_/);
    expect(next.token_type).toBe("Bearer");
    expect(next.expires_in).toBe(1800);
    expect(next.access_token).not.toBe(s.access);
    expect(next.renewal_token).not.toBe(s.renewal);
    // The rotated-away access token is dead at once; the new one works.
    expect((await sessionsAs(s.access)).status).toBe(401);
    expect((await sessionsAs(next.access_token)).status).toBe(200);
    // Same family: one session row, two generations.
    expect(await sessionIdOf(next.access_token)).toBe(await sessionIdOf(s.access));
  });

  it("rotates with the renewal token as Authorization: Bearer (API client, no Origin)", async () => {
    const s = await signInWithCode(base(), uniqueEmail("rotate-bearer"));
    const first = await renewWithBearer(s.renewal);
    expect(first.res.status).toBe(200);
    const second = await renewWithBearer(first.body.data.renewal_token);
    expect(second.res.status).toBe(200);
    expect(new Set([s.access, first.body.data.access_token, second.body.data.access_token]).size).toBe(3);
    expect((await sessionsAs(second.body.data.access_token)).status).toBe(200);
    // An access token is not a renewal token.
    const wrongKind = await renewWithBearer(second.body.data.access_token);
    expect(wrongKind.res.status).toBe(401);
    expect((await sessionsAs(second.body.data.access_token)).status).toBe(200);
  });

  it("treats a reused renewal token as theft and ends the whole family", async () => {
    const s = await signInWithCode(base(), uniqueEmail("reuse"));
    const thief = await renewWithCookie(s.renewal);
    expect(thief.res.status).toBe(200);
    const newest = thief.body.data;
    // Past the race grace: the old token comes back long after it was rotated.
    await ageRotations(await sessionIdOf(s.access));

    const replay = await renewWithCookie(s.renewal);
    expect(replay.res.status).toBe(401);
    expect(replay.body.error.message).toBe("unauthorized");
    expect(replay.body.error.detail).toBe(
      "This session was ended because its sign-in was used twice, which can mean it was copied. Please sign in again.",
    );
    // The failed renewal tells the browser to forget its tokens.
    const cleared = cookieMap(replay.res.headers.getSetCookie());
    expect(cleared.get("access_token")?.attrs.get("max-age")).toBe("0");
    expect(cleared.get("renewal_token")?.attrs.get("max-age")).toBe("0");

    // Neither the thief's newest pair nor anything else of that family works any more.
    expect((await sessionsAs(newest.access_token)).status).toBe(401);
    const again = await renewWithCookie(newest.renewal_token);
    expect(again.res.status).toBe(401);
    const [family] = await sql<{ revoked_reason: string }>(
      "select revoked_reason from sessions where id = $1",
      [await sessionIdOf(s.access)],
    );
    expect(family!.revoked_reason).toBe("renewal_token_reused");
  });

  it("answers a renewal that lost a race by moments with 409, keeping the family and the browser's cookies", async () => {
    const s = await signInWithCode(base(), uniqueEmail("race-tab"));
    const first = await renewWithCookie(s.renewal);
    expect(first.res.status).toBe(200);
    // A second tab presents the same token a moment later.
    const second = await renewWithCookie(s.renewal);
    expect(second.res.status).toBe(409);
    expect(second.body.error.message).toBe("conflict");
    expect(second.res.headers.getSetCookie()).toEqual([]);
    expect((await sessionsAs(first.body.data.access_token)).status).toBe(200);
    const vi = await fetch(`${base()}/api/v1/user/session/renew`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.renewal}`, "accept-language": "vi" },
    });
    expect(((await vi.json()) as ErrorBody).error.detail).toBe(
      "Phiên này vừa được gia hạn ở một thẻ hoặc yêu cầu khác. Vui lòng thử lại.",
    );
  });

  it("lets exactly one of 5 concurrent renewals with one token through, and leaves exactly one family", async () => {
    const s = await signInWithCode(base(), uniqueEmail("race"));
    const results = await Promise.all(Array.from({ length: 5 }, () => renewWithBearer(s.renewal)));
    const winners = results.filter((r) => r.res.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((r) => r.res.status !== 200)) {
      expect(r.res.status).toBe(409);
      expect(r.body.error.message).toBe("conflict");
    }
    const live = await sql<{ id: string }>(
      "select id from sessions where user_id = $1 and revoked_at is null",
      [s.user.id],
    );
    expect(live).toHaveLength(1);
    // Every generation belongs to the one family the sign-in created.
    expect(
      await sql(
        "select distinct t.session_id from session_tokens t join sessions s on s.id = t.session_id where s.user_id = $1",
        [s.user.id],
      ),
    ).toHaveLength(1);
    // The winner's pair is the one that works.
    expect((await sessionsAs(winners[0]!.body.data.access_token)).status).toBe(200);
  });

  it("refuses a missing or unknown renewal token with 401 unauthorized", async () => {
    const none = await fetch(`${base()}/api/v1/user/session/renew`, { method: "POST" });
    expect(none.status).toBe(401);
    expect(((await none.json()) as ErrorBody).error).toEqual({
      status: 401,
      message: "unauthorized",
      detail: "Your session has ended. Please sign in again.",
    });
    const unknown = await renewWithBearer(`rnt_${randomBytes(32).toString("base64url")}`);
    expect(unknown.res.status).toBe(401);
    const vi = await fetch(`${base()}/api/v1/user/session/renew`, {
      method: "POST",
      headers: { "accept-language": "vi" },
    });
    expect(((await vi.json()) as ErrorBody).error.detail).toBe(
      "Phiên đăng nhập của bạn đã kết thúc. Vui lòng đăng nhập lại.",
    );
  });
});

describe("access tokens", () => {
  it("authenticate an API client as Bearer and a browser as cookie", async () => {
    const s = await signInWithCode(base(), uniqueEmail("bearer"));
    expect((await sessionsAs(s.access)).status).toBe(200);
    const byCookie = await fetch(`${base()}/api/v1/user/sessions`, {
      headers: { cookie: s.cookies.join("; ") },
    });
    expect(byCookie.status).toBe(200);
    // A renewal token never authenticates a request.
    expect((await sessionsAs(s.renewal)).status).toBe(401);
  });

  it("expire: a token past its time is 401 unauthorized, and renewal still works", async () => {
    const s = await signInWithCode(base(), uniqueEmail("expired"));
    await sql(
      "update session_tokens set access_expires_at = now() - interval '1 second' where access_hash = $1",
      [sha256(s.access)],
    );
    const res = await sessionsAs(s.access);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({ status: 401, message: "unauthorized" });
    const renewed = await renewWithCookie(s.renewal);
    expect(renewed.res.status).toBe(200);
    expect((await sessionsAs(renewed.body.data.access_token)).status).toBe(200);
  });

  it("stop working when their session is revoked, and the family cannot renew", async () => {
    const s = await signInWithCode(base(), uniqueEmail("revoked"));
    await sql("update sessions set revoked_at = now(), revoked_reason = 'test' where id = $1", [
      await sessionIdOf(s.access),
    ]);
    const res = await sessionsAs(s.access);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.message).toBe("unauthorized");
    const renewed = await renewWithCookie(s.renewal);
    expect(renewed.res.status).toBe(401);
    expect(renewed.body.error.detail).toBe("This session was signed out. Please sign in again.");
  });
});

describe("logout and the session list", () => {
  it("DELETE /api/v1/user/session ends the family: tokens then 401", async () => {
    const s = await signInWithCode(base(), uniqueEmail("logout"));
    const res = await fetch(`${base()}/api/v1/user/session`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${s.access}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { signed_out: true } });
    expect((await sessionsAs(s.access)).status).toBe(401);
    expect((await renewWithCookie(s.renewal)).res.status).toBe(401);
    // Already signed out: still a quiet 200.
    const again = await fetch(`${base()}/api/v1/user/session`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${s.access}` },
    });
    expect(again.status).toBe(200);
  });

  it("lists the user's sessions and ends one of them, but not another user's", async () => {
    const email = uniqueEmail("list");
    const phone = await signInWithCode(base(), email, { userAgent: "Phone/1.0" });
    const laptop = await signInWithCode(base(), email, { userAgent: "Laptop/2.0" });
    const stranger = await signInWithCode(base(), uniqueEmail("stranger"));

    const res = await sessionsAs(laptop.access);
    expect(res.status).toBe(200);
    const list = (
      (await res.json()) as {
        data: { id: string; method: string; user_agent: string; current: boolean; ip: string }[];
      }
    ).data;
    expect(list.map((s) => s.user_agent).sort()).toEqual(["Laptop/2.0", "Phone/1.0"]);
    expect(list.find((s) => s.current)!.user_agent).toBe("Laptop/2.0");
    expect(list.every((s) => s.method === "email" && s.ip === "127.0.0.1")).toBe(true);

    const strangerSession = await sessionIdOf(stranger.access);
    const notMine = await fetch(`${base()}/api/v1/user/sessions/${strangerSession}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${laptop.access}` },
    });
    expect(notMine.status).toBe(404);
    expect((await sessionsAs(stranger.access)).status).toBe(200);
    const garbage = await fetch(`${base()}/api/v1/user/sessions/not-a-uuid`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${laptop.access}` },
    });
    expect(garbage.status).toBe(404);

    // A Bearer client without Origin may mutate: nothing ambient for another site to abuse.
    const phoneId = list.find((s) => s.user_agent === "Phone/1.0")!.id;
    const ended = await fetch(`${base()}/api/v1/user/sessions/${phoneId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${laptop.access}` },
    });
    expect(ended.status).toBe(200);
    expect((await sessionsAs(phone.access)).status).toBe(401);
    expect((await sessionsAs(laptop.access)).status).toBe(200);
  });
});

describe("cross-origin requests", () => {
  const withCookies = (s: SignedIn, origin?: string) => ({
    cookie: s.cookies.join("; "),
    ...(origin ? { origin } : {}),
  });

  it("refuses a cookie-carrying mutation from another origin, or without Origin, and changes nothing", async () => {
    const s = await signInWithCode(base(), uniqueEmail("csrf"));
    for (const headers of [withCookies(s, "http://evil.test"), withCookies(s)]) {
      const out = await fetch(`${base()}/api/v1/user/session`, { method: "DELETE", headers });
      expect(out.status).toBe(403);
      expect(((await out.json()) as ErrorBody).error).toMatchObject({ status: 403, message: "forbidden" });
      const everywhere = await fetch(`${base()}/api/v1/user/sessions`, { method: "DELETE", headers });
      expect(everywhere.status).toBe(403);
      const renew = await fetch(`${base()}/api/v1/user/session/renew`, { method: "POST", headers });
      expect(renew.status).toBe(403);
    }
    // The session and its renewal token are untouched.
    expect((await sessionsAs(s.access)).status).toBe(200);
    expect((await renewWithCookie(s.renewal)).res.status).toBe(200);
  });
});
