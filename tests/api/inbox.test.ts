import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import { ownerApi, trainedAgent, Visitor } from "../helpers/chat";
import { LiveStream as Stream } from "../helpers/live-stream";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Issue 46 over real HTTP: a visitor asks for a person, a member of the agent's workspace takes the
 * conversation over and replies, the reply reaches the visitor's open event stream within a second, and
 * the conversation goes back to the agent. Streams carry only their own conversation and workspace,
 * another workspace's member gets 404s, and a stream that reconnects with Last-Event-ID gets what it missed.
 */
const base = () => inject("baseUrl");

type Person = { token: string; id: string; ws?: string };

async function person(prefix: string): Promise<Person> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const signed = await signInWithCode(base(), email, {
    from: `198.18.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  return { token: signed.access, id: signed.user.id };
}

function memberHeaders(who: Person): Record<string, string> {
  return {
    authorization: `Bearer ${who.token}`,
    "accept-language": "en",
    origin: base(),
    ...(who.ws ? { cookie: `ac_ws=${who.ws}` } : {}),
  };
}

async function call<T>(who: Person, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { ...memberHeaders(who), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: T; error?: { message: string; detail: string } },
  };
}

async function handoff(v: Visitor, conversationId: string) {
  const res = await fetch(`${base()}/api/v1/public/agent/conversation/handoff`, {
    method: "POST",
    headers: v.headers({ "content-type": "application/json" }),
    body: JSON.stringify({ conversation_id: conversationId }),
  });
  return { status: res.status, body: (await res.json()) as { data: { state: string } } };
}

const visitorStream = (v: Visitor, conversationId: string, extra: Record<string, string> = {}) =>
  Stream.open(
    base(),
    `/api/v1/public/agent/conversation/events?conversation_id=${encodeURIComponent(conversationId)}`,
    v.headers(extra),
  );

type Item = {
  id: string;
  state: string;
  held_by: string | null;
  held_by_me: boolean;
  waiting_since: string | null;
};
type Live = { id: string; content: string; author: string | null; role: string };
type Asked = { conversation_id: string; message: { mode: string; content: string } | null; handoff?: string };

const bakery = [
  {
    title: "Giờ mở cửa",
    content: "Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối các ngày trong tuần.",
  },
];

describe("live inbox over HTTP", () => {
  it("hands a conversation to a person and back, live, scoped, resumable", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: bakery });
    const owner: Person = { token: agent.access, id: "" };
    const wsA = (
      await sql<{ workspace_id: string }>("select workspace_id from agents where public_id = $1", [
        agent.agentId,
      ])
    )[0]!.workspace_id;
    // A support member of the owner's workspace, and a stranger with a workspace of their own.
    const support = await person("support");
    await sql(`insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'support')`, [
      wsA,
      support.id,
    ]);
    await sql(`update users set first_name = 'Lan' where id = $1`, [support.id]);
    support.ws = wsA;
    const stranger = await person("stranger");
    const ownerName = (
      await sql<{ first_name: string }>(
        "select u.first_name from users u join agents a on a.owner_id = u.id where a.public_id = $1",
        [agent.agentId],
      )
    )[0]!.first_name;

    const members = await Stream.open(base(), "/api/v1/agent/inbox/events", memberHeaders(owner));
    expect(members.status).toBe(200);

    // A question the agent cannot answer: the fallback, and a person offered.
    const visitor = new Visitor(undefined, "vi");
    const first = await visitor.ask(agent.agentId, "Xyzzy plugh frobnicate quasar?");
    expect(first.status).toBe(200);
    const asked = first.body.data as unknown as Asked;
    expect(asked.message?.mode).toBe("fallback");
    expect(asked.handoff).toBe("offered");
    const conv = asked.conversation_id;

    const live = await visitorStream(visitor, conv);
    expect(live.status).toBe(200);

    // Somebody else's conversation is not theirs to follow or hand over.
    const other = new Visitor(undefined, "en");
    expect((await visitorStream(other, conv)).status).toBe(404);
    expect((await handoff(other, conv)).status).toBe(404);

    // The visitor asks for a person: the conversation waits; the members hear of it.
    const waited = await handoff(visitor, conv);
    expect(waited.status).toBe(200);
    expect(waited.body.data.state).toBe("waiting");
    await live.next((e) => e.event === "waiting");
    const waitingEv = await members.next((e) => e.event === "waiting");
    expect((waitingEv.data.conversation as Item).id).toBe(conv);
    const list = await call<Item[]>(support, "GET", "/api/v1/agent/inbox");
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: conv, state: "waiting" });
    expect(list.body.data[0]!.waiting_since).not.toBeNull();

    // Another workspace sees none of it.
    const strangers = await call<Item[]>(stranger, "GET", "/api/v1/agent/inbox");
    expect(strangers.body.data.map((i) => i.id)).not.toContain(conv);
    for (const [method, path, body] of [
      ["POST", `/api/v1/agent/conversation/${conv}/takeover`, undefined],
      ["POST", `/api/v1/agent/conversation/${conv}/reply`, { content: "hi" }],
      ["POST", `/api/v1/agent/conversation/${conv}/release`, undefined],
      ["GET", `/api/v1/agent/inbox/${conv}`, undefined],
    ] as const) {
      const res = await call(stranger, method, path, body);
      expect(res.status, path).toBe(404);
      expect(res.body.error?.detail).toBe(en.errors.conversation_not_found);
    }

    // The owner takes it over; the visitor is told who joined; a second member gets a 409 naming them.
    const taken = await call<Item>(owner, "POST", `/api/v1/agent/conversation/${conv}/takeover`);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ state: "live", held_by_me: true });
    const joined = await live.next((e) => e.event === "member_joined");
    expect(joined.data.name).toBe(ownerName);
    const second = await call(support, "POST", `/api/v1/agent/conversation/${conv}/takeover`);
    expect(second.status).toBe(409);
    expect(second.body.error?.detail).toBe(en.errors.conversation_held.replace("{name}", ownerName));
    const notHolder = await call(support, "POST", `/api/v1/agent/conversation/${conv}/reply`, {
      content: "x",
    });
    expect(notHolder.status).toBe(409);

    // While a person has it, the agent does not answer: the message goes to the members.
    const held = await visitor.ask(agent.agentId, "Tiệm mở cửa mấy giờ?", { conversationId: conv });
    expect(held.status).toBe(200);
    const heldBody = held.body.data as unknown as Asked;
    expect(heldBody.message).toBeNull();
    expect(heldBody.handoff).toBe("live");
    const toMembers = await members.next((e) => e.event === "visitor_message");
    expect((toMembers.data.message as Live).content).toBe("Tiệm mở cửa mấy giờ?");

    // The reply reaches the visitor's open stream within a second, stored with its author.
    const sent = Date.now();
    const replied = await call<Live>(owner, "POST", `/api/v1/agent/conversation/${conv}/reply`, {
      content: "**Chào bạn**, tiệm mở cửa lúc 7 giờ. <script>alert(1)</script>",
    });
    expect(replied.status).toBe(200);
    const got = await live.next((e) => e.event === "member_reply", 1_000);
    expect(got.at - sent).toBeLessThan(1_000);
    const reply1 = got.data.message as Live;
    expect(reply1).toMatchObject({ id: replied.body.data.id, role: "assistant", author: ownerName });
    const stored = await call<{ messages: Live[] }>(support, "GET", `/api/v1/agent/inbox/${conv}`);
    expect(stored.body.data.messages.at(-1)).toMatchObject({ id: reply1.id, author: ownerName });

    // A second visitor's conversation, handed over and answered: never on the first visitor's stream.
    const other2 = new Visitor(undefined, "en");
    const otherConv = (
      (await other2.ask(agent.agentId, "I want to talk to a human")).body.data as unknown as Asked
    ).conversation_id;
    const otherTaken = await call<Item>(support, "POST", `/api/v1/agent/conversation/${otherConv}/takeover`);
    expect(otherTaken.status).toBe(200);
    await call(support, "POST", `/api/v1/agent/conversation/${otherConv}/reply`, { content: "Hello there" });

    // The visitor's stream drops; a reply is written meanwhile; the reconnect resumes after its last id.
    const lastId = got.id!;
    live.close();
    const missed = await call<Live>(owner, "POST", `/api/v1/agent/conversation/${conv}/reply`, {
      content: "Bạn cần gì thêm không?",
    });
    const resumed = await visitorStream(visitor, conv, { "last-event-id": lastId });
    const again = await resumed.next((e) => e.event === "member_reply");
    expect((again.data.message as Live).id).toBe(missed.body.data.id);
    expect(resumed.events.filter((e) => e.event === "member_reply")).toHaveLength(1);
    expect(resumed.events.some((e) => e.event === "member_joined")).toBe(false);

    // Released: the visitor hears the assistant is back, and the agent answers again.
    const released = await call<Item>(owner, "POST", `/api/v1/agent/conversation/${conv}/release`);
    expect(released.status).toBe(200);
    expect(released.body.data.state).toBe("bot");
    await resumed.next((e) => e.event === "released");
    const answered = await visitor.ask(agent.agentId, "Tiệm mở cửa mấy giờ?", { conversationId: conv });
    expect(answered.status).toBe(200);
    const answeredBody = answered.body.data as unknown as Asked;
    expect(answeredBody.message?.mode).toBe("quote");
    expect(answeredBody.message?.content).toContain("7 giờ sáng");

    // Nothing of the other conversation ever reached this visitor's streams.
    for (const e of [...live.events, ...resumed.events]) {
      expect(JSON.stringify(e.data)).not.toContain(otherConv);
    }
    resumed.close();
    members.close();
  });

  it("hands over when the visitor asks for a person in words, in Vietnamese", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: bakery });
    const visitor = new Visitor(undefined, "vi");
    const asked = await visitor.ask(agent.agentId, "Cho tôi gặp nhân viên");
    expect(asked.status).toBe(200);
    const body = asked.body.data as unknown as Asked;
    expect(body.message).toBeNull();
    expect(body.handoff).toBe("waiting");
    const list = await ownerApi<{ data: Item[] }>(agent.access, "GET", "/api/v1/agent/inbox");
    expect(list.body.data[0]).toMatchObject({ id: body.conversation_id, state: "waiting" });
  });
});
