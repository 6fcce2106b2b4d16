import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { latestMail } from "../helpers/mail";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Issue 45's audit log over real HTTP: what owners and admins do in a workspace (invitations, joins, role
 * changes, removals, API keys, the widget secret, documents removed) is listed newest first with who did it
 * and from which address; editors and support are refused in their language, and nobody sees another
 * workspace's events. The paging cursor is checked; a bad one is a 422.
 */

const base = () => inject("baseUrl");
type Err = { error?: { message: string; detail: string; fields?: Record<string, string> } };
type Ws = { id: string; name: string; role: string };
type AuditEvent = {
  id: string;
  action: string;
  actor: { name: string; email: string | null } | null;
  target: { kind: string; id: string | null; label: string | null };
  detail: Record<string, unknown>;
  ip: string | null;
  created_at: string;
};
type Page = { data: AuditEvent[]; meta: { last_id: string | null; has_more: boolean } };

type Person = { token: string; email: string; id: string; ip: string; ws?: string };

async function person(prefix: string): Promise<Person> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  // Each person from an address of their own (198.18.0.0/15, the benchmarking range): it is what the log shows.
  const ip = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const signed = await signInWithCode(base(), email, { from: ip });
  return { token: signed.access, email, id: signed.user.id, ip };
}

async function call<T>(who: Person, method: string, path: string, body?: unknown, lang = "en") {
  const headers: Record<string, string> = {
    authorization: `Bearer ${who.token}`,
    "accept-language": lang,
    origin: base(),
    "x-forwarded-for": who.ip,
  };
  if (who.ws) headers.cookie = `ac_ws=${who.ws}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: JSON.parse(await res.text()) as { data: T } & Err & Partial<Page> };
}

async function subscribe(who: Person, plan: string) {
  await sql(
    `insert into subscriptions (owner_id, plan, cycle, currency, amount, status, provider,
       current_period_start, current_period_end)
     values ($1, $2, 'monthly', 'VND', 100000, 'active', 'payos', now(), now() + interval '30 days')`,
    [who.id, plan],
  );
}

/** Invites `who` into `owner`'s workspace with `role`; they accept with the link from the mail peer. */
async function join(owner: Person, who: Person, role: string, workspaceId: string) {
  const before = Date.now();
  const invited = await call<{ id: string }>(owner, "POST", "/api/v1/workspace/invitations", {
    email: who.email,
    role,
  });
  expect(invited.status).toBe(201);
  const mail = await latestMail(who.email, { after: before });
  const token = mail.text.match(/\/(?:en|vi)\/invite\/([A-Za-z0-9_-]{43})/)?.[1];
  expect(token).toBeTruthy();
  const joined = await call<Ws>(who, "POST", "/api/v1/workspace/invitations/accept", { token });
  expect(joined.status).toBe(200);
  who.ws = workspaceId;
}

async function memberId(owner: Person, email: string) {
  const roster = await call<{ members: { id: string; email: string }[] }>(
    owner,
    "GET",
    "/api/v1/workspace/members",
  );
  return roster.body.data.members.find((m) => m.email === email)!.id;
}

/** Every event the caller may read, following the cursor `limit` at a time. */
async function everything(who: Person, limit: number) {
  const all: AuditEvent[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const q: string = `limit=${limit}${cursor ? `&last_id=${cursor}` : ""}`;
    const page: Awaited<ReturnType<typeof call<AuditEvent[]>>> = await call<AuditEvent[]>(
      who,
      "GET",
      `/api/v1/workspace/audit?${q}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeLessThanOrEqual(limit);
    all.push(...page.body.data);
    cursor = page.body.meta!.last_id;
    expect(page.body.meta!.has_more).toBe(cursor !== null);
    if (!cursor) break;
  }
  return all;
}

describe("the audit log over HTTP", () => {
  it("records who did what from where, for owners and admins of that workspace only", async () => {
    const [alice, bob, carol, dave, eve, frank] = await Promise.all(
      ["alice", "bob", "carol", "dave", "eve", "frank"].map(person),
    );
    await subscribe(alice!, "starter"); // 5 seats
    const wsA = (await call<Ws>(alice!, "GET", "/api/v1/workspace")).body.data.id;
    alice!.ws = wsA;

    // An agent in Alice's workspace, with a key made and revoked, its widget secret rotated, a document removed.
    const agent = await call(alice!, "POST", "/api/v1/agent", {
      name: "Phòng khám An Bình",
      kind: "business",
    });
    expect(agent.status).toBe(201);
    const key = await call<{ id: string; name: string }>(alice!, "POST", "/api/v1/agent/api-keys", {
      name: "Lễ tân",
    });
    expect(key.status).toBe(201);
    expect((await call(alice!, "DELETE", `/api/v1/agent/api-keys/${key.body.data.id}`)).status).toBe(200);
    expect((await call(alice!, "POST", "/api/v1/agent/widget-secret")).status).toBe(200);
    const doc = await call<{ accepted: { id: string }[] }>(alice!, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "Giờ khám",
      content: "Phòng khám mở cửa từ 7 giờ sáng đến 5 giờ chiều, thứ Hai đến thứ Bảy.",
    });
    expect(doc.status).toBe(200);
    const docId = doc.body.data.accepted[0]!.id;
    expect((await call(alice!, "DELETE", `/api/v1/agent/document/${docId}`)).status).toBe(200);

    // Bob (editor), Carol (support) and Dave (admin) join; Bob's role changes; Eve's invitation is withdrawn.
    await join(alice!, bob!, "editor", wsA);
    await join(alice!, carol!, "support", wsA);
    await join(alice!, dave!, "admin", wsA);
    const bobId = await memberId(alice!, bob!.email);
    expect(
      (await call(alice!, "PATCH", `/api/v1/workspace/members/${bobId}`, { role: "support" })).status,
    ).toBe(200);
    expect(
      (await call(alice!, "PATCH", `/api/v1/workspace/members/${bobId}`, { role: "editor" })).status,
    ).toBe(200);
    const toEve = await call<{ id: string }>(alice!, "POST", "/api/v1/workspace/invitations", {
      email: eve!.email,
      role: "support",
    });
    expect((await call(alice!, "DELETE", `/api/v1/workspace/invitations/${toEve.body.data.id}`)).status).toBe(
      200,
    );

    // Dave, an admin, reads the log: newest first, with who and from which address.
    const seenByDave = await everything(dave!, 100);
    const actions = seenByDave.map((e) => e.action);
    for (const a of [
      "api_key.created",
      "api_key.revoked",
      "widget_secret.rotated",
      "documents.removed",
      "member.invited",
      "member.joined",
      "member.role_changed",
      "invitation.revoked",
    ]) {
      expect(actions, a).toContain(a);
    }
    const ids = seenByDave.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const byAlice = seenByDave.filter((e) => e.actor?.email === alice!.email);
    expect(byAlice.length).toBeGreaterThanOrEqual(10);
    for (const e of byAlice) expect(e.ip, e.action).toBe(alice!.ip);
    const changes = seenByDave.filter((e) => e.action === "member.role_changed");
    expect(changes.map((e) => [e.target.label, e.detail.from, e.detail.to])).toEqual([
      [bob!.email, "support", "editor"],
      [bob!.email, "editor", "support"],
    ]);
    const daveJoined = seenByDave.find((e) => e.action === "member.joined" && e.actor?.email === dave!.email);
    expect(daveJoined).toMatchObject({
      ip: dave!.ip,
      detail: { role: "admin" },
      target: { label: dave!.email },
    });
    expect(seenByDave.find((e) => e.action === "invitation.revoked")?.target.label).toBe(eve!.email);
    expect(seenByDave.find((e) => e.action === "documents.removed")?.target).toMatchObject({
      kind: "document",
      id: docId,
      label: "Giờ khám",
    });
    expect(seenByDave.find((e) => e.action === "api_key.created")?.target.label).toBe("Lễ tân");
    // No secret ever reaches the log.
    expect(JSON.stringify(seenByDave)).not.toMatch(/ac_live_|whsec|token/i);

    // Paging by two gives the same events, in the same order.
    expect((await everything(alice!, 2)).map((e) => e.id)).toEqual(seenByDave.map((e) => e.id));

    // Editor and support are refused, in their language.
    for (const who of [bob!, carol!]) {
      const refused = await call(who, "GET", "/api/v1/workspace/audit");
      expect(refused.status).toBe(403);
      expect(refused.body.error?.detail).toBe(en.errors.workspace_role_required);
      const refusedVi = await call(who, "GET", "/api/v1/workspace/audit", undefined, "vi");
      expect(refusedVi.status).toBe(403);
      expect(refusedVi.body.error?.detail).toBe(vi.errors.workspace_role_required);
    }

    // A bad cursor is a clear 422; a cursor from another workspace finds nothing of it.
    for (const bad of ["abc", "0", "-1", "1.5", "1e5", "9".repeat(30), "1%27%20or%201%3D1"]) {
      const res = await call(alice!, "GET", `/api/v1/workspace/audit?last_id=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.error?.fields?.last_id, bad).toBeTruthy();
    }

    // Frank owns workspace B: he sees none of A's events, even naming A in his cookie or A's ids as cursor.
    await call(frank!, "POST", "/api/v1/agent/widget-secret"); // no agent: a 404, nothing recorded
    frank!.ws = wsA;
    const seenByFrank = await everything(frank!, 100);
    const cursorFromA = await call<AuditEvent[]>(
      frank!,
      "GET",
      `/api/v1/workspace/audit?last_id=${Number(seenByDave[0]!.id) + 1}`,
    );
    expect(cursorFromA.status).toBe(200);
    const aIds = new Set(seenByDave.map((e) => e.id));
    for (const e of [...seenByFrank, ...cursorFromA.body.data]) expect(aIds.has(e.id)).toBe(false);
    const stored = await sql<{ n: number }>(
      "select count(*)::int as n from audit_events where workspace_id = $1",
      [wsA],
    );
    expect(stored[0]!.n).toBe(seenByDave.length);

    // Alice removes Dave: recorded; his next request is in his own workspace, whose log holds none of A's.
    const daveId = await memberId(alice!, dave!.email);
    expect((await call(alice!, "DELETE", `/api/v1/workspace/members/${daveId}`)).status).toBe(200);
    const removed = (await everything(alice!, 100)).find((e) => e.action === "member.removed");
    expect(removed).toMatchObject({
      target: { label: dave!.email },
      ip: alice!.ip,
      detail: { role: "admin" },
    });
    for (const e of await everything(dave!, 100)) expect(aIds.has(e.id)).toBe(false);
  });
});
