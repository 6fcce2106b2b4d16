import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Issue 48 over real HTTP: an owner deletes one conversation, or every conversation of a visitor found by
 * phone, e-mail, name or one of their conversations; the rows are counted before and after. Another owner's
 * ids are 404s, bad input is a translated 422, and editors and support members get a translated 403, as
 * they do for the workspace's retention, which only the listed choices may set.
 */

const base = () => inject("baseUrl");
type Err = { error?: { message: string; detail: string } };
type Person = { token: string; id: string; agentId: string; agentUuid: string; workspaceId: string };

async function call<T>(who: { token: string }, method: string, path: string, body?: unknown, lang = "en") {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      "accept-language": lang,
      origin: base(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T } & Err };
}

/** A signed-in owner with an agent. */
async function owner(prefix: string): Promise<Person> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const signed = await signInWithCode(base(), email, {
    from: `198.18.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  const who = { token: signed.access };
  const made = await call<{ id: string }>(who, "POST", "/api/v1/agent", {
    name: "Tiệm phở",
    kind: "business",
  });
  expect(made.status).toBe(201);
  const [row] = await sql<{ id: string; workspace_id: string }>(
    "select id, workspace_id from agents where public_id = $1",
    [made.body.data.id],
  );
  return {
    token: signed.access,
    id: signed.user.id,
    agentId: made.body.data.id,
    agentUuid: row!.id,
    workspaceId: row!.workspace_id,
  };
}

/** A conversation written straight into the database, with the visitor's questions. */
async function conversation(
  who: Person,
  opts: { visitor?: string; identity?: string; name?: string; questions?: string[] } = {},
): Promise<string> {
  const publicId = `conv_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const [conv] = await sql<{ id: string }>(
    `insert into conversations (public_id, agent_id, channel, visitor_id, title, identity_user_id, identity_name)
     values ($1, $2, 'public', $3, 'Hỏi', $4, $5) returning id`,
    [publicId, who.agentUuid, opts.visitor ?? null, opts.identity ?? null, opts.name ?? null],
  );
  for (const [i, q] of (opts.questions ?? ["Xin chào"]).entries()) {
    await sql(
      `insert into messages (public_id, conversation_id, agent_id, role, content)
       values ($1, $2, $3, 'user', $4), ($1 || 'a', $2, $3, 'assistant', 'Chào bạn')`,
      [`msg_${publicId}_${i}`, conv!.id, who.agentUuid, q],
    );
  }
  return publicId;
}

async function rows(who: Person) {
  const [c] = await sql<{ n: number }>("select count(*)::int as n from conversations where agent_id = $1", [
    who.agentUuid,
  ]);
  const [m] = await sql<{ n: number }>("select count(*)::int as n from messages where agent_id = $1", [
    who.agentUuid,
  ]);
  return { conversations: c!.n, messages: m!.n };
}

const ids = async (who: Person) =>
  (
    await sql<{ public_id: string }>("select public_id from conversations where agent_id = $1", [
      who.agentUuid,
    ])
  ).map((r) => r.public_id);

describe("deleting a conversation", () => {
  it("removes it and its messages; another owner's or an unknown one is a 404", async () => {
    const alice = await owner("erase-one");
    const mallory = await owner("erase-foreign");
    const gone = await conversation(alice, { questions: ["Quán mở cửa mấy giờ?", "Có chỗ đậu xe không?"] });
    const stays = await conversation(alice);
    expect(await rows(alice)).toEqual({ conversations: 2, messages: 6 });

    const foreign = await call(mallory, "DELETE", `/api/v1/agent/conversations/${gone}`, undefined, "vi");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.detail).toBe(vi.errors.conversation_not_found);
    expect(await rows(alice)).toEqual({ conversations: 2, messages: 6 });

    const deleted = await call<{ id: string }>(alice, "DELETE", `/api/v1/agent/conversations/${gone}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: gone });
    expect(await rows(alice)).toEqual({ conversations: 1, messages: 2 });
    expect(await ids(alice)).toEqual([stays]);

    const again = await call(alice, "DELETE", `/api/v1/agent/conversations/${gone}`);
    expect(again.status).toBe(404);
    expect(again.body.error?.detail).toBe(en.errors.conversation_not_found);
    // The conversation list no longer has it.
    const list = await call<{ id: string }[]>(alice, "GET", "/api/v1/agent/conversations");
    expect(list.body.data.map((c) => c.id)).toEqual([stays]);
  });
});

describe("erasing a visitor", () => {
  it("by phone: every conversation that gave the number, in any form, and the same visitor's others", async () => {
    const alice = await owner("erase-phone");
    const mallory = await owner("erase-phone-other");
    const a = await conversation(alice, { visitor: "v1", questions: ["Gọi tôi số 0901 234 567 nhé"] });
    const b = await conversation(alice, { visitor: "v1", questions: ["Còn bánh mì không?"] });
    const c = await conversation(alice, { visitor: "v2", questions: ["SĐT: +84.90.123.4567"] });
    const keep = await conversation(alice, { visitor: "v3", questions: ["Số 0987 654 321"] });
    // Another owner's visitor with the same number is not touched.
    const theirs = await conversation(mallory, { visitor: "v1", questions: ["0901234567"] });
    expect(await rows(alice)).toEqual({ conversations: 4, messages: 8 });

    const erased = await call<{ conversations: number; contacts: number }>(
      alice,
      "POST",
      "/api/v1/agent/conversations/erase",
      { phone: "090-123-4567" },
    );
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ conversations: 3, contacts: 0 });
    expect(await ids(alice)).toEqual([keep]);
    expect(await rows(alice)).toEqual({ conversations: 1, messages: 2 });
    expect(await ids(mallory)).toEqual([theirs]);
    expect([a, b, c]).not.toContain(keep);

    // Nobody left with that number: nothing more goes.
    const none = await call<{ conversations: number }>(alice, "POST", "/api/v1/agent/conversations/erase", {
      phone: "+84 901 234 567",
    });
    expect(none.body.data).toEqual({ conversations: 0, contacts: 0 });

    // The audit log says how many went and who erased them, never the number searched for.
    const audit = await call<{ action: string; detail: Record<string, unknown>; ip: string | null }[]>(
      alice,
      "GET",
      "/api/v1/workspace/audit",
    );
    const erasures = audit.body.data.filter((e) => e.action === "conversations.erased");
    expect(erasures.map((e) => e.detail.conversations)).toEqual([0, 3]);
    for (const e of erasures) expect(JSON.stringify(e.detail)).not.toMatch(/0901|234|567|phone/);
  });

  it("by e-mail, name or one of their conversations; another owner's conversation is a 404", async () => {
    const alice = await owner("erase-keys");
    const mallory = await owner("erase-keys-other");
    await conversation(alice, { visitor: "m1", identity: "Lan@Example.com", name: "Nguyễn Thị Lan" });
    await conversation(alice, { visitor: "m2", questions: ["Email của tôi là lan@example.com"] });
    const named = await conversation(alice, { visitor: "m3", name: "Trần Văn Bình" });
    const byConv = await conversation(alice, { visitor: "m4" });
    await conversation(alice, { visitor: "m4" });
    const keep = await conversation(alice, { visitor: "m5", name: "Lê Hoa" });
    const theirs = await conversation(mallory, { visitor: "x" });

    const erase = (body: unknown, who = alice, lang = "en") =>
      call<{ conversations: number; contacts: number }>(
        who,
        "POST",
        "/api/v1/agent/conversations/erase",
        body,
        lang,
      );

    expect((await erase({ email: "LAN@example.com" })).body.data).toEqual({ conversations: 2, contacts: 0 });
    expect((await erase({ visitor_name: " trần văn bình " })).body.data).toEqual({
      conversations: 1,
      contacts: 0,
    });
    expect(await ids(alice)).not.toContain(named);
    const foreign = await erase({ conversation_id: theirs }, alice, "vi");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.detail).toBe(vi.errors.conversation_not_found);
    expect(await ids(mallory)).toEqual([theirs]);
    expect((await erase({ conversation_id: byConv })).body.data).toEqual({ conversations: 2, contacts: 0 });
    expect(await ids(alice)).toEqual([keep]);
  });

  it("refuses bad input with a translated 422, touching nothing", async () => {
    const alice = await owner("erase-bad");
    await conversation(alice, { visitor: "b1", questions: ["0901234567"] });
    const erase = (body: unknown) => call(alice, "POST", "/api/v1/agent/conversations/erase", body, "vi");
    const cases: [unknown, string | null][] = [
      [{}, vi.errors.erase_one_key],
      [{ phone: "0901234567", email: "a@b.vn" }, vi.errors.erase_one_key],
      [{ phone: "gọi tôi" }, vi.errors.erase_phone_invalid],
      [{ email: "không phải email" }, null],
      [{ visitor_name: "x".repeat(201) }, null],
    ];
    for (const [body, detail] of cases) {
      const res = await erase(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error?.message).toBe("validation_failed");
      if (detail) expect(res.body.error?.detail).toBe(detail);
      else expect(res.body.error?.detail).toBe(vi.errors.validation_failed);
    }
    expect(await rows(alice)).toEqual({ conversations: 1, messages: 2 });
  });
});

describe("who may delete", () => {
  it("editors and support members get a translated 403 for deleting and for retention", async () => {
    const alice = await owner("erase-role");
    const other = await owner("erase-role-co");
    const conv = await conversation(alice, { visitor: "r1", questions: ["0901234567"] });
    // Another owner joins Alice's workspace, and Alice's own role there is lowered.
    await sql("insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'owner')", [
      alice.workspaceId,
      other.id,
    ]);
    for (const role of ["support", "editor"]) {
      await sql("update workspace_members set role = $1 where workspace_id = $2 and user_id = $3", [
        role,
        alice.workspaceId,
        alice.id,
      ]);
      const del = await call(alice, "DELETE", `/api/v1/agent/conversations/${conv}`, undefined, "vi");
      expect(del.status, role).toBe(403);
      expect(del.body.error?.detail).toBe(vi.errors.workspace_role_required);
      const erase = await call(alice, "POST", "/api/v1/agent/conversations/erase", { phone: "0901234567" });
      expect(erase.status, role).toBe(403);
      expect(erase.body.error?.detail).toBe(en.errors.workspace_role_required);
      const retention = await call(alice, "PATCH", "/api/v1/workspace", { retention_days: 30 }, "vi");
      expect(retention.status, role).toBe(403);
      expect(retention.body.error?.detail).toBe(vi.errors.workspace_role_required);
      const shown = await call<{ retention_days: number | null; can_change: boolean }>(
        alice,
        "GET",
        "/api/v1/workspace/retention",
      );
      expect(shown.body.data).toEqual({ retention_days: null, can_change: false });
    }
    expect(await rows(alice)).toEqual({ conversations: 1, messages: 2 });
    await sql("update workspace_members set role = 'admin' where workspace_id = $1 and user_id = $2", [
      alice.workspaceId,
      alice.id,
    ]);
    const del = await call(alice, "DELETE", `/api/v1/agent/conversations/${conv}`);
    expect(del.status).toBe(200);
    expect(await rows(alice)).toEqual({ conversations: 0, messages: 0 });
  });
});

describe("retention", () => {
  it("is set by an owner to one of the choices, shown, and refused otherwise with a translated 422", async () => {
    const alice = await owner("erase-retention");
    const shown = () =>
      call<{ retention_days: number | null; can_change: boolean }>(
        alice,
        "GET",
        "/api/v1/workspace/retention",
      );
    expect((await shown()).body.data).toEqual({ retention_days: null, can_change: true });
    for (const days of [30, 90, 180, 365, null]) {
      const set = await call<{ id: string; retention_days: number | null }>(
        alice,
        "PATCH",
        "/api/v1/workspace",
        {
          retention_days: days,
        },
      );
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ id: alice.workspaceId, role: "owner", retention_days: days });
      expect((await shown()).body.data.retention_days).toBe(days);
    }
    await call(alice, "PATCH", "/api/v1/workspace", { retention_days: 90 });
    for (const bad of [45, 0, -30, "90", 90.5, {}]) {
      const res = await call(alice, "PATCH", "/api/v1/workspace", { retention_days: bad }, "vi");
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.error?.detail).toBe(vi.errors.validation_failed);
    }
    const missing = await call(alice, "PATCH", "/api/v1/workspace", {}, "vi");
    expect(missing.status).toBe(422);
    const [row] = await sql<{ retention_days: number | null }>(
      "select retention_days from workspaces where id = $1",
      [alice.workspaceId],
    );
    expect(row!.retention_days).toBe(90);
  });
});
