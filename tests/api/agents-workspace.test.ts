import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { sql } from "../helpers/sql";
import { call, detail, join, type Person, person, subscribe } from "../helpers/workspace-people";

/**
 * Issue 45, several agents per workspace, over real HTTP: the plan's agent limit, the agent a request acts
 * on (`agent_id`, the browser's choice, the first), training kept per agent, members acting on the owner's
 * agents with their role's rights, billing for owner and admin only, and nothing of another workspace.
 */

type Agent = { id: string; name: string };
type Listed = Agent & { kind: string; documents: number; conversations: number };

const gql = async (who: Person, query: string, lang = "en") => {
  const res = await fetch(`${inject("baseUrl")}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: inject("baseUrl"),
      authorization: `Bearer ${who.token}`,
      "accept-language": lang,
      ...(who.ws ? { cookie: `ac_ws=${who.ws}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as {
    data: Record<string, unknown> | null;
    errors?: { message: string; extensions: { code: string } }[];
  };
};

describe("several agents per workspace", () => {
  it("creates up to the plan's limit and acts on the named, chosen or first agent", async () => {
    const [alice, bob] = [await person("agents-alice"), await person("agents-bob")];

    // Free: one agent. The first comes from Setup's save; a second is refused naming the plan.
    const bobsOwn = await call<Agent>(bob, "POST", "/api/v1/agent", { name: "Bob's shop" });
    expect(bobsOwn.status).toBe(201);
    const refused = await call(bob, "POST", "/api/v1/agents", { name: "Bob's second" }, "vi");
    expect(refused.status).toBe(403);
    expect(detail(refused)).toBe(
      vi.errors.limit_agents.replace("{plan}", "Miễn phí").replace("{limit}", "1"),
    );

    // Starter: three. The new agent becomes this browser's choice (its cookie) and starts empty.
    await subscribe(alice, "starter");
    const first = await call<Agent>(alice, "POST", "/api/v1/agent", { name: "Tiệm bánh Hoa" });
    expect(first.status).toBe(201);
    const second = await call<Agent>(alice, "POST", "/api/v1/agents", { name: "Chi nhánh 2" });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.setCookies.join(";")).toContain(second.body.data.id);
    const third = await call<Agent>(alice, "POST", "/api/v1/agents", {
      name: "Chi nhánh 3",
      kind: "business",
    });
    expect(third.status).toBe(201);
    const fourth = await call(alice, "POST", "/api/v1/agents", { name: "Chi nhánh 4" });
    expect(fourth.status).toBe(403);
    expect(detail(fourth)).toBe(
      en.errors.limit_agents
        .replace("{plan}", "Starter")
        .replace("{limit, plural, =1 {one agent} other {# agents}}", "3 agents"),
    );

    const list = await call<Listed[]>(alice, "GET", "/api/v1/agents");
    expect(list.body.data.map((a) => a.name)).toEqual(["Tiệm bánh Hoa", "Chi nhánh 2", "Chi nhánh 3"]);
    expect(list.body.data[0]).toMatchObject({ documents: 0, conversations: 0, kind: "business" });

    // Without a choice: the first. A named one, a remembered one; a foreign or made-up id is a 404.
    expect((await call<Agent>(alice, "GET", "/api/v1/agent")).body.data.name).toBe("Tiệm bánh Hoa");
    const named = await call<Agent>(alice, "GET", `/api/v1/agent?agent_id=${second.body.data.id}`);
    expect(named.body.data.name).toBe("Chi nhánh 2");
    alice.agent = third.body.data.id;
    expect((await call<Agent>(alice, "GET", "/api/v1/agent")).body.data.name).toBe("Chi nhánh 3");
    for (const id of [bobsOwn.body.data.id, "agent_nobodyhere00", "<script>"]) {
      const miss = await call(alice, "GET", `/api/v1/agent?agent_id=${encodeURIComponent(id)}`);
      expect(miss.status, id).toBe(404);
      const sw = await call(alice, "POST", "/api/v1/agents/switch", { agent_id: id });
      expect(sw.status, id).toBe(404);
    }
    // Bob's remembered choice of Alice's agent is no choice for Bob: he gets his own.
    bob.agent = third.body.data.id;
    expect((await call<Agent>(bob, "GET", "/api/v1/agent")).body.data.name).toBe("Bob's shop");

    // Saving acts on the chosen agent only.
    const saved = await call<Agent>(alice, "POST", "/api/v1/agent", { name: "Chi nhánh Ba" });
    expect(saved.status).toBe(200);
    expect(saved.body.data.id).toBe(third.body.data.id);
    const names = (await call<Listed[]>(alice, "GET", "/api/v1/agents")).body.data.map((a) => a.name);
    expect(names).toEqual(["Tiệm bánh Hoa", "Chi nhánh 2", "Chi nhánh Ba"]);

    // When visitors are offered a person is the agent's own setting (issue 46).
    expect(saved.body.data).toMatchObject({ handoff: "after_fallback" });
    const never = await call<Agent & { handoff: string }>(
      alice,
      "POST",
      `/api/v1/agent?agent_id=${third.body.data.id}`,
      {
        name: "Chi nhánh Ba",
        handoff: "never",
      },
    );
    expect(never.body.data.handoff).toBe("never");
    const firstAgain = await call<{ handoff: string }>(
      alice,
      "GET",
      `/api/v1/agent?agent_id=${first.body.data.id}`,
    );
    expect(firstAgain.body.data.handoff).toBe("after_fallback");

    // Training is per agent: a snippet for the second is not the first's.
    alice.agent = undefined;
    const taught = await call(alice, "POST", `/api/v1/agent/document?agent_id=${second.body.data.id}`, {
      type: "text",
      title: "Giờ mở cửa",
      content: "Chi nhánh 2 mở cửa từ 7 giờ đến 21 giờ mỗi ngày.",
    });
    expect(taught.status, JSON.stringify(taught.body)).toBeLessThan(300);
    const docsOfFirst = await call<unknown[]>(alice, "GET", "/api/v1/agent/documents");
    expect(docsOfFirst.body.data).toHaveLength(0);
    const docsOfSecond = await call<unknown[]>(
      alice,
      "GET",
      `/api/v1/agent/documents?agent_id=${second.body.data.id}`,
    );
    expect(docsOfSecond.body.data).toHaveLength(1);

    // Bad input: a clear 422, nothing made.
    for (const body of [
      {},
      { name: "" },
      { name: "x".repeat(5000) },
      { name: "A", kind: "robot" },
      { name: "A", handoff: "sometimes" },
    ]) {
      const bad = await call(alice, "POST", "/api/v1/agents", body, "vi");
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call<Listed[]>(alice, "GET", "/api/v1/agents")).body.data).toHaveLength(3);
  });

  it("lets members act on the workspace's agents by role; billing stays the owner's and admins'", async () => {
    const [owner, editor, support, admin] = [
      await person("ws-owner"),
      await person("ws-editor"),
      await person("ws-support"),
      await person("ws-admin"),
    ];
    await subscribe(owner, "starter");
    const agent = (await call<Agent>(owner, "POST", "/api/v1/agent", { name: "Phòng khám An Bình" })).body
      .data;
    await join(owner, editor, "editor");
    await join(owner, support, "support");
    await join(owner, admin, "admin");

    // The editor sees and changes the owner's agent, and makes another: spent on the owner's plan.
    expect((await call<Agent>(editor, "GET", "/api/v1/agent")).body.data.id).toBe(agent.id);
    expect((await call(editor, "POST", "/api/v1/agent", { name: "Phòng khám An Bình 2" })).status).toBe(200);
    const made = await call<Agent>(editor, "POST", "/api/v1/agents", { name: "Cơ sở Quận 3" });
    expect(made.status).toBe(201);
    const [row] = await sql<{ owner_id: string }>("select owner_id from agents where public_id = $1", [
      made.body.data.id,
    ]);
    expect(row?.owner_id).toBe(owner.id);
    expect((await call(editor, "GET", "/api/v1/agent/api-keys")).status).toBe(200);

    // Support reads history but changes nothing, sees no keys or secrets, and makes no agent.
    expect((await call(support, "GET", "/api/v1/agent")).status).toBe(200);
    expect(
      (await call(support, "GET", "/api/v1/agent/conversations?from=2026-01-01&to=2026-12-31")).status,
    ).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/api/v1/agent", { name: "Hijack" }],
      ["POST", "/api/v1/agents", { name: "Another" }],
      ["GET", "/api/v1/agent/api-keys", undefined],
      ["POST", "/api/v1/agent/api-keys", { name: "k" }],
      ["GET", "/api/v1/agent/widget-secret", undefined],
      ["POST", "/api/v1/agent/document", { type: "text", title: "t", content: "c" }],
    ] as const) {
      const res = await call(support, method, path, body, "vi");
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(detail(res)).toBe(vi.errors.workspace_role_required);
    }
    expect((await call<Agent>(owner, "GET", "/api/v1/agent")).body.data.name).toBe("Phòng khám An Bình 2");

    // Billing: the owner and the admin see the owner's Starter plan; editor and support are refused.
    const query = "{ subscription { plan { id } } }";
    expect((await gql(owner, query)).data?.subscription).toMatchObject({ plan: { id: "starter" } });
    expect((await gql(admin, query)).data?.subscription).toMatchObject({ plan: { id: "starter" } });
    for (const who of [editor, support]) {
      const res = await gql(who, query, "vi");
      expect(res.errors?.[0]?.extensions.code).toBe("forbidden");
      expect(res.errors?.[0]?.message).toBe(vi.errors.workspace_billing_forbidden);
    }

    // Back in their own workspace, the editor sees their own (empty) one, never the owner's agents.
    const own = { ...editor, ws: undefined };
    const ownList = await call<Listed[]>(own, "GET", "/api/v1/agents");
    expect(ownList.body.data.map((a) => a.id)).not.toContain(agent.id);
    expect((await call(own, "GET", `/api/v1/agent?agent_id=${agent.id}`)).status).toBe(404);
  });

  it("deletes an agent with everything it holds when its name is typed, and audits it", async () => {
    const [owner, support, stranger] = [
      await person("del-owner"),
      await person("del-support"),
      await person("del-stranger"),
    ];
    await subscribe(owner, "starter");
    await call(owner, "POST", "/api/v1/agent", { name: "Tiệm bánh Hoa" });
    const doomed = (await call<Agent>(owner, "POST", "/api/v1/agents", { name: "Chi nhánh cũ" })).body.data;
    const taught = await call(owner, "POST", `/api/v1/agent/document?agent_id=${doomed.id}`, {
      type: "text",
      title: "Giờ mở cửa",
      content: "Chi nhánh cũ mở cửa từ 8 giờ.",
    });
    expect(taught.status).toBeLessThan(300);
    await join(owner, support, "support");
    await call(stranger, "POST", "/api/v1/agent", { name: "Stranger's" });

    const path = `/api/v1/agents/${doomed.id}`;
    const bySupport = await call(support, "DELETE", path, { confirm_name: "Chi nhánh cũ" }, "vi");
    expect(bySupport.status).toBe(403);
    const byStranger = await call(stranger, "DELETE", path, { confirm_name: "Chi nhánh cũ" });
    expect(byStranger.status).toBe(404);
    const wrongName = await call(owner, "DELETE", path, { confirm_name: "Chi nhánh" }, "vi");
    expect(wrongName.status).toBe(422);
    expect(detail(wrongName)).toBe(vi.errors.agent_name_mismatch);
    expect((await call(owner, "DELETE", path, {})).status).toBe(422);
    expect((await call(owner, "DELETE", "/api/v1/agents/<script>", { confirm_name: "x" })).status).toBe(404);

    // Learning the snippet may still be under way: the deletion waits for it, as the 409 says.
    let deleted = await call<{ documents: number; conversations: number }>(owner, "DELETE", path, {
      confirm_name: " Chi nhánh cũ ",
    });
    for (let i = 0; deleted.status === 409 && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      deleted = await call(owner, "DELETE", path, { confirm_name: "Chi nhánh cũ" });
    }
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toEqual({ documents: 1, conversations: 0 });
    const left = await call<Listed[]>(owner, "GET", "/api/v1/agents");
    expect(left.body.data.map((a) => a.name)).toEqual(["Tiệm bánh Hoa"]);
    const [rows] = await sql<{ n: number }>(
      "select count(*)::int as n from documents d join agents a on a.id = d.agent_id where a.public_id = $1",
      [doomed.id],
    );
    expect(rows?.n).toBe(0);
    expect((await call(owner, "GET", `/api/v1/agent?agent_id=${doomed.id}`)).status).toBe(404);

    const audit = await call<{ action: string; target: { label: string | null } }[]>(
      owner,
      "GET",
      "/api/v1/workspace/audit",
    );
    const agentEvents = audit.body.data
      .filter((e) => e.action.startsWith("agent."))
      .map((e) => `${e.action} ${e.target.label}`);
    expect(agentEvents).toEqual(["agent.deleted Chi nhánh cũ", "agent.created Chi nhánh cũ"]);
  });
});
