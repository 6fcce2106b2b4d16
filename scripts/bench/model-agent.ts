import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { agents, documents } from "@/lib/db/schema";
import { parseDocument } from "@/lib/ingest/parse";
import { allowanceMonth } from "@/lib/limits/allowance";
import { agentDayKey } from "@/lib/limits/chat";
import { chunk } from "@/lib/retrieval/chunk";
import { replacePassages } from "@/lib/retrieval/passages";
import { seedAgent, seedDocument } from "@/tests/helpers/retrieval-seed";

/**
 * The model-paced benches' agent (chat-model.ts, streams.ts): one agent answering with `model`, the given
 * markdown fixtures learned as its documents, its owner's month and its day far from their limits (the
 * limits are not what is measured). Returns its public id.
 */
export async function seedModelAgent(opts: {
  dataDir: string;
  databaseUrl: string | null;
  name: string;
  fixtures: string;
  files: string[];
  model: string;
}): Promise<string> {
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl ?? undefined });
  try {
    await migrate(database);
    const { db } = database;
    const agentId = await seedAgent(db, opts.name);
    for (const file of opts.files) {
      const documentId = await seedDocument(db, agentId, file);
      const parsed = await parseDocument({
        bytes: readFileSync(path.join(opts.fixtures, file)),
        name: file,
        type: "md",
      });
      if (!parsed.ok) throw new Error(`${file} did not parse`);
      const passages = chunk(parsed.sections).map((c) => ({ heading: c.heading, content: c.content }));
      await replacePassages(db, { agentId, documentId, passages, embedder: null });
    }
    await db.update(documents).set({ status: "completed" });
    await db.update(agents).set({ model: opts.model }).where(eq(agents.id, agentId));
    const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
    await db.execute(sql`
      INSERT INTO message_allowance (owner_id, month, used) VALUES (${agent!.ownerId}, ${allowanceMonth()}, -1000000000)`);
    await db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${agentDayKey(agentId)}, now(), -1000000000)`);
    await db.execute(sql`analyze`);
    return agent!.publicId;
  } finally {
    await database.close();
  }
}

/** A distinct client address per visitor (10.x.y.z), so the per-address limits see each as its own. */
export function addressCounter(): () => string {
  let n = 0;
  return () => {
    n++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}
