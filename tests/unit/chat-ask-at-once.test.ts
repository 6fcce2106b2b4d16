import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { type AnswerEvent, ask, type ChatScope } from "@/lib/chat/ask";
import type { ConversationRow } from "@/lib/chat/conversations";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { agents, conversations, messages } from "@/lib/db/schema";
import { allowanceMonth, spendAllowance, spentMessage } from "@/lib/limits/allowance";
import { recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends, learnMarkdown, seedAgent } from "../helpers/retrieval-db";

/**
 * lib/chat/ask.ts: a new conversation's first question answered in built-in mode is written with its answer
 * in one statement; when the answer cannot be made that way the question is still stored first and answered.
 * And the message of the owner's month a visitor's question holds until an answer uses it.
 */
// `next` answers throw (the database gone), or, with `asOutcome`, come out failed (the model's error).
const failing = vi.hoisted(() => ({ next: 0, asOutcome: false }));
vi.mock("@/lib/chat/answer", async (original) => {
  const real = await original<typeof import("@/lib/chat/answer")>();
  return {
    ...real,
    composeAnswer: async (...args: Parameters<typeof real.composeAnswer>) => {
      if (failing.next === 0) return real.composeAnswer(...args);
      failing.next--;
      if (!failing.asOutcome) throw new Error("connection terminated");
      const outcome = await real.composeAnswer(...args);
      return { ...outcome, status: "failed" as const, errorKey: "chat_upstream_failed" };
    },
  };
});

async function trainedAgent(db: Db) {
  const id = await seedAgent(db, "Hoa Mai");
  await learnMarkdown(
    db,
    id,
    "## Giờ mở cửa\nTiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.",
  );
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  return row!;
}

/** ask() and its events read to the end, with every statement they sent. */
async function asking(db: Db, scope: ChatScope, content: string) {
  const { result, queries } = await recordQueries(
    async () => {
      const asked = await ask(db, scope, { content, locale: "vi", device: "mobile", conversation: null });
      const events: AnswerEvent[] = [];
      for await (const e of asked.events(new AbortController().signal)) events.push(e);
      return { asked, events };
    },
    { every: true },
  );
  return { ...result, writes: queries.filter((q) => /\binsert\s+into\b/i.test(q.text)).length };
}

async function stored(db: Db, conversationId: string) {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
  return { conversation: conversation!, messages: rows };
}

for (const backend of backends) {
  describe(`a new conversation's built-in answer (${backend})`, () => {
    const database = backendDatabase(backend);
    const scopeOf = (agent: ChatScope["agent"]): ChatScope => ({
      agent,
      channel: "public",
      visitorId: `v_${Math.random().toString(36).slice(2)}`,
    });

    it("is written with the conversation and the question in one statement, the question first", async () => {
      const { db } = database();
      const scope = scopeOf(await trainedAgent(db));
      const { asked, events, writes } = await asking(db, scope, "Tiệm mở cửa lúc mấy giờ?");
      expect(writes).toBe(1);
      expect(events.map((e) => e.type)).toEqual(["start", "sources", "delta", "done"]);
      const done = events.at(-1) as Extract<AnswerEvent, { type: "done" }>;
      expect(done.message.content).toContain("7 giờ sáng");
      expect(done.message.publicId).toBe((events[0] as { messageId: string }).messageId);
      const saved = await stored(db, asked.conversation.id);
      expect(saved.messages.map((m) => [m.role, m.publicId])).toEqual([
        ["user", asked.question.publicId],
        ["assistant", done.message.publicId],
      ]);
      expect(saved.messages[1]).toMatchObject({ mode: "quote", status: "complete", language: "vi" });
      expect(saved.messages[1]!.sources).toHaveLength(1);
      expect(saved.conversation).toMatchObject({
        messageCount: 2,
        unanswered: 0,
        visitorId: scope.visitorId,
        title: "Tiệm mở cửa lúc mấy giờ?",
        device: "mobile",
      });
    });

    it("counts a fallback as a question the agent could not answer", async () => {
      const { db } = database();
      const { asked, events } = await asking(db, scopeOf(await trainedAgent(db)), "Có chỗ đậu xe hơi không?");
      expect((events.at(-1) as Extract<AnswerEvent, { type: "done" }>).message.mode).toBe("fallback");
      const saved = await stored(db, asked.conversation.id);
      expect(saved.conversation).toMatchObject({ messageCount: 2, unanswered: 1 });
      expect(saved.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    });

    it("stores the question first, and still answers it, when the answer could not be made at once", async () => {
      const { db } = database();
      const scope = scopeOf(await trainedAgent(db));
      failing.next = 1;
      const { asked, events, writes } = await asking(db, scope, "Tiệm mở cửa lúc mấy giờ?");
      expect(failing.next).toBe(0);
      expect(writes).toBe(2);
      expect((events.at(-1) as Extract<AnswerEvent, { type: "done" }>).message.content).toContain(
        "7 giờ sáng",
      );
      const saved = await stored(db, asked.conversation.id);
      expect(saved.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
      expect(saved.conversation.messageCount).toBe(2);
    });

    it("keeps the question when the answer fails both ways", async () => {
      const { db } = database();
      const scope = scopeOf(await trainedAgent(db));
      failing.next = 2;
      const asked = await ask(db, scope, {
        content: "Tiệm mở cửa lúc mấy giờ?",
        locale: "vi",
        device: null,
        conversation: null,
      });
      await expect(async () => {
        for await (const _ of asked.events(new AbortController().signal));
      }).rejects.toThrow("connection terminated");
      const saved = await stored(db, asked.conversation.id);
      expect(saved.messages.map((m) => [m.role, m.content])).toEqual([["user", "Tiệm mở cửa lúc mấy giờ?"]]);
    });
    describe("a visitor's message of the month, held by its question", () => {
      async function visitor(db: Db) {
        const agent = await trainedAgent(db);
        const scope: ChatScope = { ...scopeOf(agent), spent: spentMessage(db, agent.ownerId) };
        // What the public route does with a message: one message of the month spent, then the question asked.
        const send = async (content: string, conversation: ConversationRow | null) => {
          await spendAllowance(db, agent.ownerId, agent.id);
          return ask(db, scope, { content, locale: "vi", device: null, conversation });
        };
        const read = async (asked: Awaited<ReturnType<typeof send>>) => {
          const events: AnswerEvent[] = [];
          for await (const e of asked.events(new AbortController().signal)) events.push(e);
          return events.at(-1)!.type;
        };
        const used = async () =>
          Number(
            rowsOf<{ used: number }>(
              await db.execute(
                sql`SELECT used FROM message_allowance WHERE owner_id = ${agent.ownerId} AND month = ${allowanceMonth()}`,
              ),
            )[0]?.used ?? 0,
          );
        const turns = async (conversationId: string) =>
          (await stored(db, conversationId)).messages.map((m) => [m.role, m.status, m.allowanceHeld]);
        const first = await send("Tiệm mở cửa lúc mấy giờ?", null);
        expect(await read(first)).toBe("done");
        return { send, read, used, turns, conversation: first.conversation };
      }

      it("killed mid-answer: the question sent again is answered on the message already spent", async () => {
        const { db } = database();
        const { send, read, used, turns, conversation } = await visitor(db);
        // The next question is stored and its message spent; the process dies before any answer is stored
        // (its events are never read).
        await send("Tiệm mở cửa ngày Chủ nhật không?", conversation);
        expect(await used()).toBe(2);
        expect((await turns(conversation.id)).at(-1)).toEqual(["user", "complete", true]);

        const again = await send("Tiệm mở cửa ngày Chủ nhật không?", conversation);
        expect(await read(again)).toBe("done");
        expect(await used()).toBe(2);
        expect(await turns(conversation.id)).toEqual([
          ["user", "complete", false],
          ["assistant", "complete", false],
          ["user", "complete", false],
          ["assistant", "complete", false],
        ]);
      });

      it("a failed answer gives its message back, and the retry spends one", async () => {
        const { db } = database();
        const { send, read, used, turns, conversation } = await visitor(db);
        Object.assign(failing, { next: 1, asOutcome: true });
        const failed = await send("Tiệm mở cửa ngày Chủ nhật không?", conversation);
        expect(await read(failed)).toBe("error");
        failing.asOutcome = false;
        expect(await used()).toBe(1);
        expect(await read(await send("Tiệm mở cửa ngày Chủ nhật không?", conversation))).toBe("done");
        expect(await used()).toBe(2);
        expect((await turns(conversation.id)).slice(2)).toEqual([
          ["user", "complete", false],
          ["assistant", "complete", false],
        ]);
      });

      it("the same question sent twice at once, and answered twice, spends two", async () => {
        const { db } = database();
        const { send, read, used } = await visitor(db);
        const a = await send("Tiệm mở cửa ngày Chủ nhật không?", null);
        expect(await read(a)).toBe("done");
        const b = await send("Tiệm mở cửa lúc mấy giờ?", a.conversation);
        const c = await send("Tiệm mở cửa lúc mấy giờ?", a.conversation);
        expect(c.question.id).toBe(b.question.id);
        expect(await used()).toBe(3);
        expect(await Promise.all([read(b), read(c)])).toEqual(["done", "done"]);
        expect(await used()).toBe(4);
      });
    });
  });
}
