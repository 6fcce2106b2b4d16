import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../lib/db/client.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { agents, documents, users } from "../../lib/db/schema.ts";
import { parseDocument } from "../../lib/ingest/parse/index.ts";
import { chunk } from "../../lib/retrieval/chunk.ts";
import { replacePassages } from "../../lib/retrieval/passages.ts";
import { sampleFiles } from "./sample-files.ts";

/**
 * npm run bench:ingest — what learning a ~1 MB file of each type costs end to end, as the ingestion job
 * pays it: parse in a worker, cut into passages, replace the document's passages in the index (embedded
 * PGlite, full text only). Then `bench:crawl` reports crawler pages per second. Figures only.
 */
const dir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-ingest-"));
const database = await openDatabase({ dataDir: dir });
try {
  await migrate(database);
  const db = database.db;
  const [user] = await db.insert(users).values({ firstName: "Bench", membershipId: "bench" }).returning();
  const [agent] = await db
    .insert(agents)
    .values({ ownerId: user!.id, publicId: "agent_benchmark01", name: "Bench" })
    .returning();
  console.log("type   size KB   characters   passages   parse ms   index ms   total ms");
  for (const [type, name, bytes] of await sampleFiles()) {
    const [doc] = await db
      .insert(documents)
      .values({ agentId: agent!.id, type, name, size: bytes.length })
      .returning();
    const t0 = performance.now();
    const parsed = await parseDocument({ bytes, name, type });
    const t1 = performance.now();
    if (!parsed.ok) {
      console.log(`${type.padEnd(6)} failed: ${parsed.error}`);
      continue;
    }
    const passages = chunk(parsed.sections).map((c) => ({ heading: c.heading, content: c.content }));
    const result = await replacePassages(db, { agentId: agent!.id, documentId: doc!.id, passages });
    const t2 = performance.now();
    console.log(
      [
        type.padEnd(6),
        String(Math.round(bytes.length / 1024)).padStart(7),
        String(parsed.characters).padStart(12),
        String(result.count).padStart(10),
        (t1 - t0).toFixed(0).padStart(10),
        (t2 - t1).toFixed(0).padStart(10),
        (t2 - t0).toFixed(0).padStart(10),
      ].join(" "),
    );
  }
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
