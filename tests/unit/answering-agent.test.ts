import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { answeringAgent, clearAnsweringAgents, forgetAnsweringAgent } from "@/lib/agents/answering-agent";
import { agentInputSchema } from "@/lib/agents/input";
import type { Db } from "@/lib/db/client";
import { agents } from "@/lib/db/schema";
import { rotateWidgetSecret, widgetSecretOf } from "@/lib/widget/identity";
import { recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends, seedAgent } from "../helpers/retrieval-db";
import { saveFirstAgent as saveOwnerAgent } from "../helpers/workspace-agents";

/**
 * lib/agents/answering-agent.ts: the agent a visitor's message is for is read once and kept a few seconds,
 * and whatever changes it (the owner's save, a widget secret) is seen by the very next message.
 */
async function seeded(db: Db, name = "Kept agent") {
  const id = await seedAgent(db, name);
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  return row!;
}

/** The agent as answeringAgent gives it, and how many statements that took. */
async function read(db: Db, publicId: string) {
  const { result, queries } = await recordQueries(() => answeringAgent(db, publicId), { every: true });
  return { agent: result, statements: queries.length };
}

afterEach(() => clearAnsweringAgents());

for (const backend of backends) {
  describe(`the agent a visitor's message is for (${backend})`, () => {
    const database = backendDatabase(backend);

    it("is read once, then kept: the next message reads no statement for it", async () => {
      const { db } = database();
      const row = await seeded(db);
      const first = await read(db, row.publicId);
      expect(first).toMatchObject({ agent: { id: row.id, name: "Kept agent" }, statements: 1 });
      const second = await read(db, row.publicId);
      expect(second).toMatchObject({ agent: { id: row.id }, statements: 0 });
      // Shared between messages, so nobody may change it in passing.
      expect(Object.isFrozen(second.agent)).toBe(true);
    });

    it("an unknown id is not found, and not kept", async () => {
      const { db } = database();
      expect(await read(db, "agent_nobodyhere00")).toEqual({ agent: null, statements: 1 });
      expect(await read(db, "agent_nobodyhere00")).toEqual({ agent: null, statements: 1 });
    });

    it("the owner's save is seen by the very next message", async () => {
      const { db } = database();
      const row = await seeded(db, "Before");
      await read(db, row.publicId);
      const saved = agentInputSchema.parse({ name: "After", instructions: "Answer in one sentence." });
      await saveOwnerAgent(db, row.ownerId, saved, "en");
      const next = await read(db, row.publicId);
      expect(next).toMatchObject({
        agent: { name: "After", instructions: "Answer in one sentence." },
        statements: 1,
      });
    });

    it("a widget secret made or rotated is trusted from the very next message", async () => {
      const { db } = database();
      const row = await seeded(db);
      expect((await read(db, row.publicId)).agent?.widgetSecret).toBeNull();
      const made = await widgetSecretOf(db, row.id);
      expect((await read(db, row.publicId)).agent?.widgetSecret).toBe(made);
      // Reading the secret again changes nothing: still kept.
      await widgetSecretOf(db, row.id);
      expect((await read(db, row.publicId)).statements).toBe(0);
      const rotated = await rotateWidgetSecret(db, row.id);
      expect(rotated).not.toBe(made);
      expect((await read(db, row.publicId)).agent?.widgetSecret).toBe(rotated);
    });

    it("a row read while the agent changed is used once, not kept", async () => {
      const { db } = database();
      const row = await seeded(db);
      const reading = answeringAgent(db, row.publicId);
      // The change lands while the read is on its way: what it brings back may predate it.
      forgetAnsweringAgent(row.publicId);
      expect((await reading)?.id).toBe(row.id);
      expect((await read(db, row.publicId)).statements).toBe(1);
      expect((await read(db, row.publicId)).statements).toBe(0);
    });
  });
}
