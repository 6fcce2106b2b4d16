import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { agentToAnswer } from "@/lib/agents/queries";
import { createConversation, insertMessage, recentTurns } from "@/lib/chat/conversations";
import type { Db } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { agents } from "@/lib/db/schema";
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

      const conversation = await createConversation(db, {
        publicId: `conv_prep_${backend}`,
        agentId: ids[1]!,
        channel: "public",
        visitorId: "v_prepared",
        title: "x".repeat(500),
        language: "vi",
        device: null,
      });
      expect(conversation).toMatchObject({ agentId: ids[1], title: "x".repeat(120), apiKeyId: null });
      await insertMessage(db, {
        publicId: `msg_q_${backend}`,
        conversationId: conversation.id,
        agentId: ids[1]!,
        role: "user",
        content: "Mấy giờ mở cửa?",
        language: "vi",
      });
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
