import { describe, expect, inject, it } from "vitest";
import type { ConversationView } from "@/lib/contracts/chat";
import { type Message, ownerApi, trainedAgent, Visitor } from "../helpers/chat";
import { sql } from "../helpers/sql";

/**
 * Who sees what (CHAT-1, CHAT-4, CHAT-5, HIST-1 cursors) and the abuse limits (CHAT-8), over real HTTP.
 */
type Conversation = ConversationView;

const texts = [
  {
    title: "Giờ mở cửa",
    content: "Phòng khám nha khoa Ánh Dương mở cửa từ 8 giờ đến 20 giờ, thứ hai đến thứ bảy.",
  },
];

describe("isolation", () => {
  it("agent A never cites agent B's documents", async () => {
    const a = await trainedAgent({ model: "builtin", texts });
    const b = await trainedAgent({
      model: "builtin",
      texts: [
        { title: "Giờ làm việc B", content: "Phòng khám B mở cửa từ 9 giờ đến 17 giờ, thứ hai đến thứ sáu." },
      ],
    });
    const answer = (await new Visitor().ask(a.agentId, "Phòng khám mở cửa mấy giờ?")).body.data!.message;
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const s of answer.sources) expect(a.documentIds).toContain(s.document_id);
    for (const s of answer.sources) expect(b.documentIds).not.toContain(s.document_id);
  });

  it("a visitor reads, continues and rates only their own conversations", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const x = new Visitor();
    const y = new Visitor();
    const asked = (await x.ask(agent.agentId, "Mấy giờ mở cửa?")).body.data!;
    expect((await x.messages(asked.conversation_id)).status).toBe(200);

    const read = await y.messages(asked.conversation_id);
    expect(read.status).toBe(404);
    expect(JSON.stringify(read.body)).not.toContain("Mấy giờ mở cửa");
    expect((await y.ask(agent.agentId, "Tiếp tục", { conversationId: asked.conversation_id })).status).toBe(
      404,
    );
    expect((await y.rate(asked.message.id, false)).status).toBe(404);
    expect((await new Visitor().messages(asked.conversation_id)).status).toBe(404);
    // A forged cookie is nobody.
    const forged = new Visitor();
    forged.cookie = `${x.cookie.slice(0, -3)}abc`;
    expect((await forged.messages(asked.conversation_id)).status).toBe(404);
  });

  it("owner B gets 404 on owner A's conversations and messages", async () => {
    const a = await trainedAgent({ model: "builtin", texts });
    const b = await trainedAgent({ model: "builtin", texts });
    const asked = (await new Visitor().ask(a.agentId, "Mấy giờ mở cửa?")).body.data!;
    const own = await ownerApi<{ data: Message[] }>(
      a.access,
      "GET",
      `/api/v1/agent/conversation/messages?conversation_id=${asked.conversation_id}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(2);
    const foreign = await ownerApi(
      b.access,
      "GET",
      `/api/v1/agent/conversation/messages?conversation_id=${asked.conversation_id}`,
    );
    expect(foreign.status).toBe(404);
    const listB = await ownerApi<{ data: Conversation[] }>(b.access, "GET", "/api/v1/agent/conversations");
    expect(listB.body.data.map((c) => c.id)).not.toContain(asked.conversation_id);
    const rate = await ownerApi(
      b.access,
      "POST",
      `/api/v1/agent/conversation/message/${asked.message.id}/feedback`,
      {
        helpful: true,
      },
    );
    expect(rate.status).toBe(404);
  });
});

describe("the owner's side", () => {
  it("test-chats, then pages through conversations newest first without gaps or repeats", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const test = await ownerApi<{ data: { conversation_id: string; message: Message } }>(
      agent.access,
      "POST",
      "/api/v1/agent/conversation/message",
      { content: "Thứ bảy có mở cửa không?" },
    );
    expect(test.status).toBe(200);
    expect(test.body.data.message.content).toContain("thứ bảy");
    const made = [test.body.data.conversation_id];
    for (let i = 0; i < 24; i++) {
      made.push(
        (await new Visitor().ask(agent.agentId, `Câu hỏi số ${i}: mấy giờ mở cửa?`)).body.data!
          .conversation_id,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        status: number;
        body: { data: Conversation[]; meta: { last_id: string | null; has_more: boolean } };
      } = await ownerApi(
        agent.access,
        "GET",
        `/api/v1/agent/conversations${cursor ? `?last_id=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((c) => c.id));
      cursor = page.body.meta.last_id;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    const bad = await ownerApi(
      agent.access,
      "GET",
      "/api/v1/agent/conversations?last_id=conv_unknown_cursor",
      undefined,
      "vi",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error!.detail).toContain("Vui lòng tải lại");
  });

  it("keeps feedback counts right when a rating changes, and refuses rating a question", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const v = new Visitor();
    const asked = (await v.ask(agent.agentId, "Mấy giờ mở cửa?")).body.data!;
    const up = await v.rate(asked.message.id, true);
    expect(up.status).toBe(200);
    expect(up.body.data!.feedback).toEqual({ helpful: true, comment: null });
    const down = await v.rate(asked.message.id, false, "Thiếu giờ chủ nhật");
    expect(down.body.data!.feedback).toEqual({ helpful: false, comment: "Thiếu giờ chủ nhật" });
    const list = await ownerApi<{ data: Conversation[] }>(agent.access, "GET", "/api/v1/agent/conversations");
    expect(list.body.data[0]).toMatchObject({
      id: asked.conversation_id,
      helpful: 0,
      unhelpful: 1,
      message_count: 2,
    });
    const onQuestion = await v.rate(asked.question.id, true);
    expect(onQuestion.status).toBe(422);
    const byOwner = await ownerApi<{ data: Message }>(
      agent.access,
      "POST",
      `/api/v1/agent/conversation/message/${asked.message.id}/feedback`,
      { helpful: true },
    );
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data.feedback!.helpful).toBe(true);
  });
});

describe("bad input", () => {
  it("refuses empty, oversize and malformed messages with a translated reason, storing nothing", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const v = new Visitor(undefined, "vi");
    for (const content of ["", "   ", "x".repeat(4001)]) {
      const res = await v.ask(agent.agentId, content);
      expect(res.status).toBe(422);
      expect(res.body.error!.detail.length).toBeGreaterThan(0);
    }
    expect((await v.ask("agent_doesnotexist", "Xin chào")).status).toBe(404);
    expect((await v.ask(agent.agentId, "Xin chào", { conversationId: "conv_nope_nope" })).status).toBe(404);
    const crossSite = await fetch(`${inject("baseUrl")}/api/v1/public/agent/conversation/message`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ agent_id: agent.agentId, content: "hi" }),
    });
    expect(crossSite.status).toBe(403);
    const list = await ownerApi<{ data: Conversation[] }>(agent.access, "GET", "/api/v1/agent/conversations");
    expect(list.body.data).toEqual([]);
  });
});

describe("abuse limits", () => {
  it("limits one visitor, answering 429 with Retry-After and a translated reason", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const v = new Visitor(undefined, "vi");
    const statuses: number[] = [];
    let last: Awaited<ReturnType<Visitor["ask"]>> | null = null;
    for (let i = 0; i < 21; i++) {
      last = await v.ask(agent.agentId, `Mấy giờ mở cửa ${i}?`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.body.error!.detail).toMatch(/^Bạn đang gửi tin nhắn quá nhanh/);
    // A burst at the cap puts the address behind the proof-of-work challenge (CHAT-8): another visitor
    // from it, well within its own limits, is asked to solve one first.
    const neighbour = await new Visitor(v.ip).ask(agent.agentId, "Mấy giờ mở cửa?");
    expect(neighbour.status).toBe(429);
    expect(neighbour.body.error!.message).toBe("rate_limited");
    expect((neighbour.body.error as { challenge?: { algorithm: string } }).challenge?.algorithm).toBe(
      "SHA-256",
    );
  });

  it("limits one address, counting an IPv6 /64 as one", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        new Visitor(`${prefix}::${(i + 1).toString(16)}`).ask(agent.agentId, "Giờ mở cửa?"),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const sameNetwork = await new Visitor(`${prefix}::ffff`).ask(agent.agentId, "Giờ mở cửa?");
    expect(sameNetwork.status).toBe(429);
    expect(sameNetwork.body.error!.detail).toContain("network");
    const otherNetwork = await new Visitor(`${prefix.replace(/:1$/, ":2")}::1`).ask(
      agent.agentId,
      "Giờ mở cửa?",
    );
    expect(otherNetwork.status).toBe(200);
  });

  it("with 10 messages left this month, 50 concurrent visitors get exactly 10 answers", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const [owner] = await sql<{ owner_id: string }>("select owner_id from agents where public_id = $1", [
      agent.agentId,
    ]);
    const month = new Date().toISOString().slice(0, 7);
    await sql(
      "insert into message_allowance (owner_id, month, used) values ($1, $2, 190) on conflict (owner_id, month) do update set used = 190",
      [owner!.owner_id, month],
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, () => new Visitor(undefined, "vi").ask(agent.agentId, "Mấy giờ mở cửa?")),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body.error!.detail).toContain("tháng này");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner's own test chat does not spend the visitors' allowance.
    const test = await ownerApi(agent.access, "POST", "/api/v1/agent/conversation/message", {
      content: "Mấy giờ?",
    });
    expect(test.status).toBe(200);
  });
});
