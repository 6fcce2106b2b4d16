import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { agentToAnswer } from "@/lib/agents/queries";
import { insertMessage, recentTurns, startConversation } from "@/lib/chat/conversations";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { agents } from "@/lib/db/schema";
import { recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends, seedAgent } from "../helpers/retrieval-db";

const KEY = Symbol.for("agentcity.config");
afterEach(() => {
  delete process.env.DATABASE_NAMED_STATEMENTS;
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

/** lib/db/prepared.ts: the hot statements are built once per database, and take every call's own values. */
for (const backend of backends) {
  describe(`statements prepared once (${backend})`, () => {
    const database = backendDatabase(backend);

    it("answers each call with its own values, not the first call's", async () => {
      const { db } = database();
      const ids = [await seedAgent(db, "First"), await seedAgent(db, "Second")];
      const publicIds = await Promise.all(
        ids.map(async (id) => (await db.select().from(agents).where(eq(agents.id, id)))[0]!.publicId),
      );
      expect((await agentToAnswer(db, publicIds[0]!))?.name).toBe("First");
      expect((await agentToAnswer(db, publicIds[1]!))?.name).toBe("Second");
      expect(await agentToAnswer(db, "agent_nobody")).toBeNull();

      const { conversation } = await startConversation(
        db,
        {
          publicId: `conv_prep_${backend}`,
          agentId: ids[1]!,
          channel: "public",
          visitorId: "v_prepared",
          title: "x".repeat(500),
          language: "vi",
          device: null,
        },
        { publicId: `msg_q_${backend}`, content: "Mấy giờ mở cửa?", language: "vi" },
      );
      expect(conversation).toMatchObject({ agentId: ids[1], title: "x".repeat(120), apiKeyId: null });
      const answer = await insertMessage(db, {
        publicId: `msg_a_${backend}`,
        conversationId: conversation.id,
        agentId: ids[1]!,
        role: "assistant",
        content: "Không rõ.",
        language: "vi",
        mode: "fallback",
        sources: [{ document_id: "d", title: "Giờ", url: null, snippet: "7 giờ" }],
      });
      expect(answer).toMatchObject({ status: "complete", mode: "fallback", searchText: "khong ro" });
      expect(answer.sources).toEqual([{ document_id: "d", title: "Giờ", url: null, snippet: "7 giờ" }]);
      expect(answer.insertedAt).toBeInstanceOf(Date);
      expect((await recentTurns(db, conversation.id, 1)).map((m) => m.role)).toEqual(["assistant"]);
      expect((await recentTurns(db, conversation.id, 10)).map((m) => m.role)).toEqual(["user", "assistant"]);
      const [counted] = await db
        .select()
        .from(schema.conversations)
        .where(eq(schema.conversations.id, conversation.id));
      expect(counted).toMatchObject({ messageCount: 2, unanswered: 1 });
    });

    it("starts a conversation with its first question in one statement, both rows as the tables read them", async () => {
      const { db } = database();
      const agentId = await seedAgent(db, "Starter");
      const start = (n: number) =>
        recordQueries(
          () =>
            startConversation(
              db,
              {
                publicId: `conv_start_${backend}_${n}`,
                agentId,
                channel: "public",
                visitorId: `v_start_${n}`,
                title: `Phở ${n} ${"y".repeat(300)}`,
                language: "vi",
                device: "mobile",
              },
              { publicId: `msg_start_${backend}_${n}`, content: `Phở ${n} giá bao nhiêu?`, language: "vi" },
            ),
          { every: true },
        );
      const first = await start(1);
      // The second call runs the statement built by the first with its own values.
      const { result, queries } = await start(2);
      expect(first.queries).toHaveLength(1);
      expect(queries).toHaveLength(1);
      const [stored] = await db
        .select()
        .from(schema.conversations)
        .where(eq(schema.conversations.id, result.conversation.id));
      expect(result.conversation).toEqual(stored);
      expect(stored).toMatchObject({
        messageCount: 1,
        unanswered: 0,
        device: "mobile",
        visitorId: "v_start_2",
      });
      expect(stored!.title).toBe(`Phở 2 ${"y".repeat(300)}`.slice(0, 120));
      expect(stored!.insertedAt).toBeInstanceOf(Date);
      expect(await recentTurns(db, result.conversation.id, 10)).toEqual([result.question]);
      expect(result.question).toMatchObject({
        publicId: `msg_start_${backend}_2`,
        conversationId: result.conversation.id,
        agentId,
        role: "user",
        content: "Phở 2 giá bao nhiêu?",
        searchText: "pho 2 gia bao nhieu",
        status: "complete",
        sources: [],
      });
      expect(result.question.seq).toBeGreaterThan(first.result.question.seq);
      // A public id taken refuses both rows: no conversation without its question.
      await expect(
        startConversation(
          db,
          {
            publicId: `conv_start_${backend}_3`,
            agentId,
            channel: "public",
            visitorId: "v",
            title: "t",
            language: null,
            device: null,
          },
          { publicId: `msg_start_${backend}_2`, content: "again", language: null },
        ),
      ).rejects.toThrow();
      const orphan = await db
        .select()
        .from(schema.conversations)
        .where(eq(schema.conversations.publicId, `conv_start_${backend}_3`));
      expect(orphan).toEqual([]);
    });

    if (backend === "postgres") {
      it("keeps them by name on the connection, unless DATABASE_NAMED_STATEMENTS=false", async () => {
        const { pool, db: seeding } = database();
        const agentId = await seedAgent(seeding, "Named");
        const [agent] = await seeding.select().from(agents).where(eq(agents.id, agentId));
        // A connection of its own: the pool's have run the statements of the test before.
        const client = new pg.Client({ connectionString: pool!.options.connectionString });
        await client.connect();
        try {
          const names = async () =>
            (await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements")).rows.map(
              (r) => r.name,
            );
          const one = drizzle(client, { schema }) as unknown as Db;
          expect((await agentToAnswer(one, agent!.publicId))?.name).toBe("Named");
          expect(await names()).toContain("ac_agent_to_answer");

          process.env.DATABASE_NAMED_STATEMENTS = "false";
          delete (globalThis as Record<symbol, unknown>)[KEY];
          const unnamed = drizzle(client, { schema }) as unknown as Db;
          expect(await recentTurns(unnamed, agentId, 5)).toEqual([]);
          expect(await names()).not.toContain("ac_recent_turns");
        } finally {
          await client.end();
        }
      });
    }
  });
}
