import { randomInt, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Issue 48 over real HTTP: an owner deletes their workspace by typing its name, and everything its agent
 * held leaves the database and the file store; the plan ends at once, invoices stay without the card.
 * Members below owner get a 403, a wrong name a translated 422, learning documents a 409. A person deletes
 * their account: refused while the last owner of a workspace with others, else their solo workspace goes,
 * they leave the rest, and their sessions end.
 */

const base = () => inject("baseUrl");
type Err = { error?: { message: string; detail: string } };
type Person = { token: string; id: string; email: string; ws?: string };

async function call<T>(who: Person, method: string, p: string, body?: unknown, lang = "en") {
  const res = await fetch(`${base()}${p}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      "accept-language": lang,
      origin: base(),
      ...(who.ws ? { cookie: `ac_ws=${who.ws}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T } & Err };
}

async function person(prefix: string): Promise<Person> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const signed = await signInWithCode(base(), email, {
    from: `198.18.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  return { token: signed.access, id: signed.user.id, email };
}

/** An owner whose agent learned a snippet (a stored original), with a visitor conversation. */
async function filledOwner(prefix: string) {
  const who = await person(prefix);
  const made = await call<{ id: string }>(who, "POST", "/api/v1/agent", {
    name: "Tiệm phở",
    kind: "business",
  });
  expect(made.status).toBe(201);
  const added = await call(who, "POST", "/api/v1/agent/document", {
    type: "text",
    title: "Giờ mở cửa",
    content: "Quán phở mở cửa từ 6 giờ sáng đến 10 giờ tối.",
  });
  expect(added.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await call<{ status: string }[]>(who, "GET", "/api/v1/agent/documents")).body.data[0]?.status,
      {
        timeout: 30_000,
        interval: 200,
      },
    )
    .toBe("completed");
  const [agent] = await sql<{ id: string; workspace_id: string }>(
    "select id, workspace_id from agents where public_id = $1",
    [made.body.data.id],
  );
  const [conv] = await sql<{ id: string }>(
    `insert into conversations (public_id, agent_id, channel, visitor_id, title)
     values ($1, $2, 'public', 'v', 'Hỏi') returning id`,
    [`conv_${randomUUID().replaceAll("-", "").slice(0, 20)}`, agent!.id],
  );
  await sql(
    `insert into messages (public_id, conversation_id, agent_id, role, content)
     values ($1, $2, $3, 'user', 'Mấy giờ mở cửa?')`,
    [`msg_${randomUUID().replaceAll("-", "").slice(0, 20)}`, conv!.id, agent!.id],
  );
  const [ws] = await sql<{ name: string }>("select name from workspaces where id = $1", [
    agent!.workspace_id,
  ]);
  return { who, agentId: agent!.id, workspaceId: agent!.workspace_id, name: ws!.name };
}

async function subscribe(who: Person) {
  const [sub] = await sql<{ id: string }>(
    `insert into subscriptions (owner_id, plan, cycle, currency, amount, status, provider,
       current_period_start, current_period_end)
     values ($1, 'beginner', 'monthly', 'VND', 100000, 'active', 'sandbox', now(), now() + interval '30 days')
     returning id`,
    [who.id],
  );
  const number = `AC-T-${randomUUID().slice(0, 12)}`;
  await sql(
    `insert into invoices (number, subscription_id, owner_id, key, kind, status, plan, cycle, currency, total,
       description, period_start, period_end, due_date, payment_method_label, paid_at)
     values ($1, $2, $3, $1, 'checkout', 'paid', 'beginner', 'monthly', 'VND', 100000, 'Beginner',
       now(), now() + interval '30 days', now(), 'Visa •••• 4242', now())`,
    [number, sub!.id, who.id],
  );
}

const TABLES = ["documents", "passages", "passage_terms", "conversations", "messages"];
async function rowsOfAgent(agentId: string) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [r] = await sql<{ n: number }>(`select count(*)::int as n from ${t} where agent_id = $1`, [
      agentId,
    ]);
    out[t] = r!.n;
  }
  const [a] = await sql<{ n: number }>("select count(*)::int as n from agents where id = $1", [agentId]);
  out.agents = a!.n;
  return out;
}

const storedFiles = async (agentId: string) =>
  (
    await sql<{ storage_key: string }>("select storage_key from documents where agent_id = $1", [agentId])
  ).map((r) => path.join(inject("dataDir"), "files", ...r.storage_key.split("/")));

describe("deleting a workspace", () => {
  it("erases its agent's rows and files, ends the plan at once and keeps invoices without the card", async () => {
    const alice = await filledOwner("erase-ws");
    await subscribe(alice.who);
    const files = await storedFiles(alice.agentId);
    expect(files).toHaveLength(1);
    if (inject("databaseKind") === "pglite") expect(existsSync(files[0]!)).toBe(true);
    const before = await rowsOfAgent(alice.agentId);
    expect(before).toMatchObject({ documents: 1, conversations: 1, messages: 1, agents: 1 });
    expect(before.passages).toBeGreaterThan(0);
    expect(before.passage_terms).toBeGreaterThan(0);

    // An admin (or anyone below owner) cannot; a wrong name is refused; nothing is touched meanwhile.
    const bob = await person("erase-ws-admin");
    await sql("insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'admin')", [
      alice.workspaceId,
      bob.id,
    ]);
    bob.ws = alice.workspaceId;
    const byAdmin = await call(bob, "DELETE", "/api/v1/workspace", { confirm_name: alice.name }, "vi");
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error?.detail).toBe(vi.errors.workspace_role_required);
    const wrong = await call(
      alice.who,
      "DELETE",
      "/api/v1/workspace",
      { confirm_name: `${alice.name}x` },
      "vi",
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.error?.detail).toBe(vi.errors.workspace_name_mismatch);
    const missing = await call(alice.who, "DELETE", "/api/v1/workspace", {}, "vi");
    expect(missing.status).toBe(422);
    // A document being learned: a 409 saying why, and nothing goes.
    const [learning] = await sql<{ id: string }>(
      "insert into documents (agent_id, type, name, status) values ($1, 'text', 'Đang học', 'processing') returning id",
      [alice.agentId],
    );
    const busy = await call(alice.who, "DELETE", "/api/v1/workspace", { confirm_name: alice.name }, "vi");
    expect(busy.status).toBe(409);
    expect(busy.body.error?.detail).toContain("1");
    expect(busy.body.error?.message).toBe("conflict");
    await sql("delete from documents where id = $1", [learning!.id]);
    expect(await rowsOfAgent(alice.agentId)).toEqual(before);

    const done = await call<{
      agents: number;
      conversations: number;
      documents: number;
      subscription_canceled: boolean;
    }>(alice.who, "DELETE", "/api/v1/workspace", { confirm_name: ` ${alice.name} ` });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({
      agents: 1,
      conversations: 1,
      documents: 1,
      subscription_canceled: true,
    });
    expect(Object.values(await rowsOfAgent(alice.agentId)).every((n) => n === 0)).toBe(true);
    expect(existsSync(files[0]!)).toBe(false);
    expect(await sql("select id from workspaces where id = $1", [alice.workspaceId])).toEqual([]);
    expect(
      await sql("select id from workspace_members where workspace_id = $1", [alice.workspaceId]),
    ).toEqual([]);
    const [sub] = await sql<{ status: string; ended: boolean }>(
      "select status, current_period_end <= now() as ended from subscriptions where owner_id = $1",
      [alice.who.id],
    );
    expect(sub).toEqual({ status: "canceled", ended: true });
    const invoices = await sql<{ status: string; payment_method_label: string | null }>(
      "select status, payment_method_label from invoices where owner_id = $1",
      [alice.who.id],
    );
    expect(invoices).toEqual([{ status: "paid", payment_method_label: null }]);
    // Still signed in: the next request finds a workspace of their own again.
    const now = await call<{ id: string; role: string }>(alice.who, "GET", "/api/v1/workspace");
    expect(now.status).toBe(200);
    expect(now.body.data.id).not.toBe(alice.workspaceId);
  });
});

describe("deleting an account", () => {
  it("is refused for the last owner of a workspace with other members, then leaves, deletes and signs out", async () => {
    const carol = await filledOwner("erase-acct");
    const dave = await person("erase-acct-member");
    await sql("insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'support')", [
      carol.workspaceId,
      dave.id,
    ]);
    const refused = await call(carol.who, "DELETE", "/api/v1/user", undefined, "vi");
    expect(refused.status).toBe(409);
    expect(refused.body.error?.detail).toBe(vi.errors.account_last_owner.replace("{workspace}", carol.name));
    expect((await rowsOfAgent(carol.agentId)).agents).toBe(1);

    // Dave, a support member, deletes his own account: his solo workspace goes, he leaves Carol's.
    const [davesOwn] = await sql<{ workspace_id: string }>(
      "select workspace_id from workspace_members where user_id = $1 and workspace_id <> $2",
      [dave.id, carol.workspaceId],
    );
    const gone = await call<{ workspaces_deleted: number; workspaces_left: number }>(
      dave,
      "DELETE",
      "/api/v1/user",
    );
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ workspaces_deleted: davesOwn ? 1 : 0, workspaces_left: 1 });
    expect(await sql("select id from workspace_members where user_id = $1", [dave.id])).toEqual([]);
    const [husk] = await sql<{ email: string | null; first_name: string }>(
      "select email, first_name from users where id = $1",
      [dave.id],
    );
    expect(husk).toEqual({ email: null, first_name: "" });
    expect(await sql("select id from identities where user_id = $1", [dave.id])).toEqual([]);
    const after = await call(dave, "GET", "/api/v1/workspace");
    expect(after.status).toBe(401);
    expect(after.body.error?.detail).toBe(en.errors.unauthorized ?? after.body.error?.detail);

    // Carol is now alone: her account goes with her workspace and everything her agent held.
    const files = await storedFiles(carol.agentId);
    const ok = await call(carol.who, "DELETE", "/api/v1/user");
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ workspaces_deleted: 1, workspaces_left: 0 });
    expect(Object.values(await rowsOfAgent(carol.agentId)).every((n) => n === 0)).toBe(true);
    for (const f of files) expect(existsSync(f)).toBe(false);
    expect((await call(carol.who, "GET", "/api/v1/workspace")).status).toBe(401);
  });
});
