import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversationsOf, documentsOf, PAGE, taughtAnswersOf } from "@/lib/export/data";
import { seedAgent } from "../helpers/retrieval-seed";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

async function all<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) {
    expect(page.length).toBeLessThanOrEqual(PAGE);
    out.push(...page);
  }
  return out;
}

describe("the export's keyset pages", () => {
  it("reads every row once across pages, rows sharing an instant to the microsecond included", async () => {
    const { db } = database();
    const agent = await seedAgent(db, "Pages");
    const other = await seedAgent(db, "Other");
    // 2,500 documents written in the same microsecond (one statement's now()), and 3 later ones.
    await db.execute(sql`
      INSERT INTO documents (agent_id, type, name, content_hash, inserted_at)
      SELECT ${agent}::uuid, 'txt', 'doc ' || g, md5('a' || g), '2026-11-20 01:30:00.123456+00'
      FROM generate_series(1, 2500) g`);
    await db.execute(sql`
      INSERT INTO documents (agent_id, type, name, content_hash, inserted_at)
      SELECT ${agent}::uuid, 'txt', 'late ' || g, md5('late' || g), '2026-11-21 01:30:00.000001+00'::timestamptz + make_interval(secs => g)
      FROM generate_series(1, 3) g`);
    await db.execute(sql`
      INSERT INTO documents (agent_id, type, name, content_hash)
      SELECT ${other}::uuid, 'txt', 'foreign ' || g, md5('f' || g) FROM generate_series(1, 10) g`);
    const docs = await all(documentsOf(db, agent));
    expect(docs).toHaveLength(2503);
    expect(new Set(docs.map((d) => d.id)).size).toBe(2503);
    expect(docs.every((d) => d.agentId === agent)).toBe(true);
    expect(docs.slice(-3).map((d) => d.name)).toEqual(["late 1", "late 2", "late 3"]);

    await db.execute(sql`
      INSERT INTO taught_answers (agent_id, questions, answer, inserted_at)
      SELECT ${agent}::uuid, ARRAY['q ' || g], 'a ' || g, '2026-11-20 01:30:00.654321+00'
      FROM generate_series(1, 1200) g`);
    const taught = await all(taughtAnswersOf(db, agent));
    expect(new Set(taught.map((t) => t.id)).size).toBe(1200);
  });

  it("gives each conversation its own messages in order, a page of conversations at a time", async () => {
    const { db } = database();
    const agent = await seedAgent(db, "Conversations");
    await db.execute(sql`
      WITH c AS (
        INSERT INTO conversations (public_id, agent_id, channel, title)
        SELECT 'conv_p' || g, ${agent}::uuid, 'public', 'title ' || g FROM generate_series(1, 450) g
        RETURNING id, public_id)
      INSERT INTO messages (public_id, conversation_id, agent_id, role, content)
      SELECT 'msg_' || c.public_id || '_' || k, c.id, ${agent}::uuid,
             CASE WHEN k = 1 THEN 'user' ELSE 'assistant' END, c.public_id || ' turn ' || k
      FROM c CROSS JOIN generate_series(1, 2) k`);
    const rows = await all(conversationsOf(db, agent));
    expect(rows).toHaveLength(450);
    for (const { conversation, messages } of rows) {
      expect(messages.map((m) => m.content)).toEqual([
        `${conversation.publicId} turn 1`,
        `${conversation.publicId} turn 2`,
      ]);
    }
  });
});
