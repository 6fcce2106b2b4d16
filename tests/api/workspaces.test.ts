import { createHash, randomBytes, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { cookiePairs } from "../helpers/session";
import { sql } from "../helpers/sql";
import { call, detail, inviteLink, person, subscribe } from "../helpers/workspace-people";

/**
 * Issue 45 over real HTTP: people sign in with e-mail codes, an owner invites by e-mail (the link read from
 * the SMTP peer), the invited person accepts, lists and switches workspaces, roles change, members are
 * removed, and every refusal says why in the caller's language. Nothing of one workspace is reachable from
 * another. Plans are set straight in the test database (buying one is billing's tests' business).
 */

const base = () => inject("baseUrl");
type Ws = { id: string; name: string; role: string };
type Roster = {
  members: { id: string; name: string; email: string | null; role: string; me: boolean }[];
  invitations: { id: string; email: string; role: string; expires_at: string }[];
};

describe("workspaces over HTTP", () => {
  it("invites, accepts, lists, switches, changes roles and removes, refusing what it must", async () => {
    const [alice, bob, carol] = [await person("alice"), await person("bob"), await person("carol")];
    await subscribe(alice, "beginner"); // 2 seats

    // Each person starts in a workspace of their own, as owner, named after their address.
    const own = await call<Ws>(alice, "GET", "/api/v1/workspace");
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ role: "owner", name: alice.email.split("@")[0] });
    const aliceWs = own.body.data.id;
    const carolWs = (await call<Ws>(carol, "GET", "/api/v1/workspace")).body.data.id;
    const bobOwn = (await call<Ws>(bob, "GET", "/api/v1/workspace")).body.data.id;

    // Carol's workspace is on the free plan: one seat, hers. The refusal names the plan, in her language.
    const noSeat = await call(
      carol,
      "POST",
      "/api/v1/workspace/invitations",
      { email: bob.email, role: "editor" },
      "vi",
    );
    expect(noSeat.status).toBe(403);
    expect(detail(noSeat)).toBe(vi.errors.limit_seats.replace("{plan}", "Miễn phí").replace("{limit}", "1"));

    // Bad and hostile input: a clear 422, nothing sent.
    for (const body of [
      { email: "not-an-address", role: "editor" },
      { email: bob.email, role: "owner" },
      { email: bob.email, role: "<script>" },
      { email: `${"a".repeat(300)}@example.com`, role: "editor" },
      { email: bob.email },
    ]) {
      const bad = await call(alice, "POST", "/api/v1/workspace/invitations", body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }

    // Alice invites Bob in Vietnamese: the mail is in her language and carries the link.
    const before = Date.now();
    const invited = await call<Roster["invitations"][number]>(
      alice,
      "POST",
      "/api/v1/workspace/invitations",
      { email: bob.email.toUpperCase(), role: "editor" },
      "vi",
    );
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email: bob.email, role: "editor" });
    const link = await inviteLink(bob.email, before);
    expect(link.lang).toBe("vi");
    expect(link.mail.text).toContain("biên tập viên");
    // Only the token's hash is stored.
    const [stored] = await sql<{ token_hash: string }>(
      "select token_hash from workspace_invitations where id = $1",
      [invited.body.data.id],
    );
    expect(stored!.token_hash).toBe(createHash("sha256").update(link.token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(link.token);

    // A member and a pending invitation fill the Beginner plan's two seats.
    const full = await call(alice, "POST", "/api/v1/workspace/invitations", {
      email: carol.email,
      role: "support",
    });
    expect(full.status).toBe(403);
    expect(detail(full)).toContain("Beginner");

    // The pending invitation shows in the roster.
    const pending = await call<Roster>(alice, "GET", "/api/v1/workspace/members");
    expect(pending.body.data.invitations.map((i) => i.email)).toEqual([bob.email]);
    expect(pending.body.data.members).toHaveLength(1);

    // Carol cannot use Bob's invitation; a made-up or malformed token is unknown.
    const foreign = await call(carol, "POST", "/api/v1/workspace/invitations/accept", { token: link.token });
    expect(foreign.status).toBe(403);
    expect(detail(foreign)).toBe(en.errors.invitation_other_address);
    for (const token of [
      randomBytes(32).toString("base64url"),
      "<script>alert(1)</script>",
      "",
      "x'; drop table",
    ]) {
      const unknown = await call(bob, "POST", "/api/v1/workspace/invitations/accept", { token });
      expect(unknown.status, token).toBe(404);
      expect(detail(unknown)).toBe(en.errors.invitation_not_found);
    }
    expect(
      (await call(bob, "POST", "/api/v1/workspace/invitations/accept", { token: "a".repeat(500) })).status,
    ).toBe(422);

    // Bob accepts: he joins as editor and his browser switches to Alice's workspace.
    const joined = await call<Ws>(bob, "POST", "/api/v1/workspace/invitations/accept", { token: link.token });
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ id: aliceWs, role: "editor" });
    const cookie = cookiePairs(joined.setCookies).find((c) => /^(__Host-)?ac_ws=/.test(c));
    expect(cookie?.split("=")[1]).toBe(aliceWs);
    const line = joined.setCookies.find((c) => c.includes("ac_ws="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    const again = await call(
      bob,
      "POST",
      "/api/v1/workspace/invitations/accept",
      { token: link.token },
      "vi",
    );
    expect(again.status).toBe(409);
    expect(detail(again)).toBe(vi.errors.invitation_used);

    // Without the cookie Bob is in his first workspace; with it, in Alice's.
    expect((await call<Ws>(bob, "GET", "/api/v1/workspace")).body.data).toMatchObject({
      id: bobOwn,
      role: "owner",
    });
    bob.ws = aliceWs;
    expect((await call<Ws>(bob, "GET", "/api/v1/workspace")).body.data).toMatchObject({
      id: aliceWs,
      role: "editor",
    });
    const list = await call<Ws[]>(bob, "GET", "/api/v1/workspaces");
    expect(list.body.data.map((w) => [w.id, w.role])).toEqual([
      [bobOwn, "owner"],
      [aliceWs, "editor"],
    ]);

    // Switching: to his own, back to Alice's; Carol's workspace or a made-up id is a 404, bad input a 422.
    const toOwn = await call<Ws>(bob, "POST", "/api/v1/workspace/switch", { workspace_id: bobOwn });
    expect(toOwn.status).toBe(200);
    expect(toOwn.setCookies.join()).toContain(`ac_ws=${bobOwn}`);
    for (const id of [carolWs, randomUUID(), "not-a-uuid", "' or 1=1 --"]) {
      const refused = await call(bob, "POST", "/api/v1/workspace/switch", { workspace_id: id });
      expect(refused.status, id).toBe(404);
      expect(detail(refused)).toBe(en.errors.workspace_not_found);
    }
    expect((await call(bob, "POST", "/api/v1/workspace/switch", { workspace_id: 42 })).status).toBe(422);
    // A cookie naming a workspace he does not belong to is ignored, not obeyed.
    expect((await call<Ws>({ ...bob, ws: carolWs }, "GET", "/api/v1/workspace")).body.data.id).toBe(bobOwn);

    // As an editor Bob can neither invite nor change roles.
    const roster = (await call<Roster>(alice, "GET", "/api/v1/workspace/members")).body.data;
    const aliceMember = roster.members.find((m) => m.email === alice.email)!;
    const bobMember = roster.members.find((m) => m.email === bob.email)!;
    expect(roster.invitations).toEqual([]);
    expect(bobMember).toMatchObject({ role: "editor", me: false });
    const editorInvites = await call(bob, "POST", "/api/v1/workspace/invitations", {
      email: carol.email,
      role: "support",
    });
    expect(editorInvites.status).toBe(403);
    expect(detail(editorInvites)).toBe(en.errors.workspace_role_required);
    expect(
      (await call(bob, "PATCH", `/api/v1/workspace/members/${bobMember.id}`, { role: "admin" })).status,
    ).toBe(403);

    // Alice makes him admin; an admin cannot make himself owner nor touch the owner.
    const promoted = await call(alice, "PATCH", `/api/v1/workspace/members/${bobMember.id}`, {
      role: "admin",
    });
    expect(promoted.status).toBe(200);
    const above = await call(
      bob,
      "PATCH",
      `/api/v1/workspace/members/${bobMember.id}`,
      { role: "owner" },
      "vi",
    );
    expect(above.status).toBe(403);
    expect(detail(above)).toBe(vi.errors.workspace_role_above_own);
    expect(
      (await call(bob, "PATCH", `/api/v1/workspace/members/${aliceMember.id}`, { role: "editor" })).status,
    ).toBe(403);
    expect((await call(bob, "DELETE", `/api/v1/workspace/members/${aliceMember.id}`)).status).toBe(403);
    expect(
      (await call(alice, "PATCH", `/api/v1/workspace/members/${bobMember.id}`, { role: "boss" })).status,
    ).toBe(422);

    // The last owner can neither step down nor leave.
    const stepDown = await call(alice, "PATCH", `/api/v1/workspace/members/${aliceMember.id}`, {
      role: "admin",
    });
    expect(stepDown.status).toBe(409);
    expect(detail(stepDown)).toBe(en.errors.workspace_last_owner);
    expect((await call(alice, "DELETE", `/api/v1/workspace/members/${aliceMember.id}`)).status).toBe(409);

    // Carol, in her own workspace, reaches nothing of Alice's: her roster is hers, Alice's ids are 404s.
    const carolRoster = (await call<Roster>(carol, "GET", "/api/v1/workspace/members")).body.data;
    expect(carolRoster.members.map((m) => m.email)).toEqual([carol.email]);
    expect(
      (await call(carol, "PATCH", `/api/v1/workspace/members/${bobMember.id}`, { role: "support" })).status,
    ).toBe(404);
    expect((await call(carol, "DELETE", `/api/v1/workspace/members/${bobMember.id}`)).status).toBe(404);
    expect((await call(carol, "DELETE", "/api/v1/workspace/members/not-a-uuid")).status).toBe(404);

    // Alice removes Bob: his next request with the old cookie lands in his own workspace.
    expect((await call(alice, "DELETE", `/api/v1/workspace/members/${bobMember.id}`)).status).toBe(200);
    expect((await call<Ws>(bob, "GET", "/api/v1/workspace")).body.data.id).toBe(bobOwn);
    expect((await call<Ws[]>(bob, "GET", "/api/v1/workspaces")).body.data.map((w) => w.id)).toEqual([bobOwn]);

    // A seat is free again: Alice invites Carol, then withdraws it; Bob (elsewhere) cannot withdraw it.
    const second = await call<{ id: string }>(alice, "POST", "/api/v1/workspace/invitations", {
      email: carol.email,
      role: "support",
    });
    expect(second.status).toBe(201);
    const tooMany = await call(alice, "POST", "/api/v1/workspace/invitations", {
      email: bob.email,
      role: "support",
    });
    expect(tooMany.status).toBe(403); // Carol's pending invitation holds the second seat
    expect((await call(bob, "DELETE", `/api/v1/workspace/invitations/${second.body.data.id}`)).status).toBe(
      404,
    );
    expect((await call(alice, "DELETE", `/api/v1/workspace/invitations/${second.body.data.id}`)).status).toBe(
      200,
    );
    expect((await call(alice, "DELETE", `/api/v1/workspace/invitations/${second.body.data.id}`)).status).toBe(
      404,
    );

    // An invitation that expired says so; inviting a member says so.
    const expiredToken = randomBytes(32).toString("base64url");
    await sql(
      `insert into workspace_invitations (workspace_id, email, role, token_hash, invited_by, expires_at)
       values ($1, $2, 'support', $3, $4, now() - interval '1 minute')`,
      [aliceWs, carol.email, createHash("sha256").update(expiredToken).digest("hex"), alice.id],
    );
    const expired = await call(
      carol,
      "POST",
      "/api/v1/workspace/invitations/accept",
      { token: expiredToken },
      "vi",
    );
    expect(expired.status).toBe(409);
    expect(detail(expired)).toBe(vi.errors.invitation_expired);
    const member = await call(alice, "POST", "/api/v1/workspace/invitations", {
      email: alice.email,
      role: "admin",
    });
    expect(member.status).toBe(409);
    expect(detail(member)).toBe(en.errors.workspace_already_member);
  });

  it("sends at most 100 invitations a day per workspace", async () => {
    const dana = await person("dana");
    await subscribe(dana, "enterprise");
    const ws = (await call<Ws>(dana, "GET", "/api/v1/workspace")).body.data.id;
    await sql(
      `insert into workspace_invitations (workspace_id, email, role, token_hash, expires_at)
       select $1::uuid, 'seed' || g || '@example.com', 'support', md5($1::text || g), now() + interval '7 days'
       from generate_series(1, 100) g`,
      [ws],
    );
    const capped = await call(dana, "POST", "/api/v1/workspace/invitations", {
      email: "one-more@example.com",
      role: "support",
    });
    expect(capped.status).toBe(429);
    expect(detail(capped)).toBe(en.errors.workspace_invitations_daily.replace("{limit}", "100"));
  });

  it("serves the invitation's page: an accept button signed in, the way to sign in and back signed out", async () => {
    const erin = await person("erin");
    const token = randomBytes(32).toString("base64url");
    const signedIn = await fetch(`${base()}/vi/invite/${token}`, {
      headers: { cookie: erin.cookies.join("; ") },
    });
    expect(signedIn.status).toBe(200);
    const html = await signedIn.text();
    expect(html).toContain(vi.workspace.invite.accept);
    expect(html).toContain('data-invite-status="ready"');
    expect(html).toMatch(/<meta name="robots" content="noindex, ?nofollow"/);
    const signedOut = await (await fetch(`${base()}/en/invite/${token}`)).text();
    expect(signedOut).toContain(en.workspace.invite.signIn);
    expect(signedOut).toContain(`/en?next=${encodeURIComponent(`/invite/${token}`)}`);
    // A hostile path segment is never echoed into a link.
    const hostile = await (
      await fetch(`${base()}/en/invite/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`)
    ).text();
    expect(hostile).not.toContain("<script>alert(1)");
  });

  it("asks for a session", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/workspace"],
      ["GET", "/api/v1/workspaces"],
      ["GET", "/api/v1/workspace/members"],
    ] as const) {
      expect((await fetch(`${base()}${path}`, { method })).status, path).toBe(401);
    }
  });
});
