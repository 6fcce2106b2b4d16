import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { agents } from "@/lib/db/schema";
import { writeArchive } from "@/lib/export/archive";
import { ZipFileWriter } from "@/lib/export/zip";
import { localStore } from "@/lib/storage/store";
import { seedAgent } from "@/tests/helpers/retrieval-seed";
import { createDatabase } from "@/tests/helpers/server";

/**
 * tsx scripts/bench/export.ts [--postgres postgres://…/db] [--documents 20000] [--conversations 5000]
 *   [--messages 4] [--agents 2]
 * Issue 48: a workspace export's ZIP for a synthetic workspace (by default 20,000 documents with a stored
 * original of about 2 KB each, spread over the agents, and 5,000 conversations of 4 messages each per
 * agent), written the way the job writes it (lib/export: keyset pages, entries streamed to a file).
 * Prints the seconds, the ZIP's MB and the process's peak memory; figures only, never pass/fail.
 * PGlite in a folder of its own by default; --postgres makes a database of its own on that server.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const POSTGRES = arg("postgres");
const DOCUMENTS = Number(arg("documents") ?? 20_000);
const CONVERSATIONS = Number(arg("conversations") ?? 5_000);
const MESSAGES = Number(arg("messages") ?? 4);
const AGENTS = Math.max(1, Number(arg("agents") ?? 2));

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-export-"));
  const made = POSTGRES ? await createDatabase(POSTGRES) : undefined;
  const database = await openDatabase({ databaseUrl: made?.url, dataDir: path.join(dir, "db") });
  const store = localStore(path.join(dir, "files"));
  try {
    await migrate(database);
    const { db } = database;
    const first = await seedAgent(db, "Export bench 1");
    const [{ workspaceId } = { workspaceId: "" }] = await db
      .select({ workspaceId: agents.workspaceId })
      .from(agents)
      .where(eq(agents.id, first));
    const agentIds = [first];
    for (let i = 2; i <= AGENTS; i++) {
      const other = await seedAgent(db, `Export bench ${i}`);
      await db.update(agents).set({ workspaceId }).where(eq(agents.id, other));
      agentIds.push(other);
    }

    const seedStart = performance.now();
    const perAgent = Math.ceil(DOCUMENTS / AGENTS);
    const body = `${"Giá bánh mì và cà phê, giờ mở cửa, giao hàng trong 5 km. ".repeat(36)}\n`;
    for (const agentId of agentIds) {
      const rows = (await db.execute(sql`
        INSERT INTO documents (agent_id, type, name, size, content_hash, storage_key, status, characters)
        SELECT ${agentId}::uuid, 'txt', 'tài liệu ' || g || '.txt', 2048, md5(${agentId}::text || g),
               'agents/' || ${agentId}::text || '/pending-' || g, 'completed', 2000
        FROM generate_series(1, ${perAgent}::int) g
        RETURNING id`)) as unknown as { rows?: { id: string }[] } | { id: string }[];
      const ids = (Array.isArray(rows) ? rows : (rows.rows ?? [])).map((r) => r.id);
      await db.execute(
        sql`UPDATE documents SET storage_key = 'agents/' || agent_id::text || '/' || id::text WHERE agent_id = ${agentId}::uuid`,
      );
      for (let i = 0; i < ids.length; i += 50) {
        await Promise.all(
          ids
            .slice(i, i + 50)
            .map((id) => store.put(`agents/${agentId}/${id}`, new TextEncoder().encode(`${id}\n${body}`))),
        );
      }
      await db.execute(sql`
        WITH c AS (
          INSERT INTO conversations (public_id, agent_id, channel, visitor_id, title, language, message_count,
                                     inserted_at, last_message_at)
          SELECT 'conv_b' || left(${agentId}::text, 8) || '_' || g, ${agentId}::uuid, 'public', 'v-' || g,
                 'Câu hỏi ' || g, 'vi', ${MESSAGES}::int, now() - make_interval(mins => g), now()
          FROM generate_series(1, ${CONVERSATIONS}::int) g
          RETURNING id, public_id, inserted_at)
        INSERT INTO messages (public_id, conversation_id, agent_id, role, content, language, inserted_at)
        SELECT 'msg_' || c.public_id || '_' || k, c.id, ${agentId}::uuid,
               CASE WHEN k % 2 = 1 THEN 'user' ELSE 'assistant' END,
               'Tiệm mở cửa lúc mấy giờ vào Chủ nhật? Dạ, từ 7 giờ đến 12 giờ trưa, lượt ' || k,
               'vi', c.inserted_at + make_interval(secs => k)
        FROM c CROSS JOIN generate_series(1, ${MESSAGES}::int) k`);
    }
    await db.execute(sql`ANALYZE`);
    const seeded = (performance.now() - seedStart) / 1000;

    const out = path.join(dir, "export.zip");
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const start = performance.now();
    const zip = new ZipFileWriter(out);
    const counts = await writeArchive(zip, {
      db,
      store,
      workspaceId,
      timeZone: "Asia/Ho_Chi_Minh",
      locale: "vi",
    });
    const bytes = await zip.close();
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    console.log(
      `export (${database.kind}): ${counts.documents} documents (${counts.originals} originals), ` +
        `${counts.conversations} conversations, ${counts.messages} messages, ${counts.agents} agents`,
    );
    console.log(
      `  ${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB ZIP, ` +
        `peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB (seeding took ${seeded.toFixed(1)} s)`,
    );
  } finally {
    await database.close();
    await made?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
