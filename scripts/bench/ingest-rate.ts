import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * npx tsx scripts/bench/ingest-rate.ts [--postgres [<admin url>]] [--only tiny,markdown,profile,crawl]
 * Issue 42 item 4: how fast documents are learned through the real queue (pg-boss workers, parse in a
 * child, chunk, passages and term statistics written), the web process's way (workers in this process):
 * - 50 tiny Markdown files (1.5 KB each) queued at once: seconds until all are learned (goal ≤ 3 s);
 * - 50 Markdown files totalling 10 MB: KB/s (goals ≥ 1,000 on Postgres, ≥ 600 on PGlite);
 * - where one 200 KB document's time goes (parse, chunk, search text, inserts, term statistics);
 * - a website of 500 local pages learned as a document: stored pages per second (goal ≥ 400 on Postgres).
 * Always on PGlite; with `--postgres` also on a fresh database of that server, dropped afterwards. Built-in
 * mode (no embedding model): vectors cost nothing here. Figures with their floors; exit code 0 regardless.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const postgresAsked = args.includes("--postgres");
const postgresUrl = arg("postgres")?.startsWith("postgres")
  ? arg("postgres")!
  : (process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
const only = new Set((arg("only") ?? "tiny,markdown,profile,crawl").split(","));

const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-rate-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
process.env.CRAWLER_ALLOW_PRIVATE = "true";
for (const k of ["LLM_BASE_URL", "LLM_MODELS", "LLM_API_KEY", "EMBEDDING_BASE_URL", "EMBEDDING_MODEL"]) {
  delete process.env[k];
}

// Imported after the environment is set: config() is read once.
const { eq, sql, inArray } = await import("drizzle-orm");
const { config } = await import("@/lib/config");
const { openDatabase } = await import("@/lib/db/client");
const { migrate } = await import("@/lib/db/migrate");
const { agents, documents, passages, subscriptions, users } = await import("@/lib/db/schema");
const { insertDocument } = await import("@/lib/ingest/documents");
const { parseDocument } = await import("@/lib/ingest/parse");
const { ingestQueue, sendIngest } = await import("@/lib/ingest/queue");
const { startJobSystem } = await import("@/lib/jobs/boss");
const { chunkInTurns } = await import("@/lib/retrieval/chunk");
const { passageSearchText } = await import("@/lib/retrieval/fold");
const { replacePassages } = await import("@/lib/retrieval/passages");
const { documentKey, fileStore } = await import("@/lib/storage/store");
const { createDatabase } = await import("@/tests/helpers/server");
const { crawlSite } = await import("@/lib/ingest/crawl");

type Database = import("@/lib/db/client").Database;
type DocumentType = import("@/lib/db/schema").DocumentType;

// mulberry32: the same files on every run.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const words = (
  "cửa hàng mở cửa từ giờ sáng đến tối bánh mì cà phê sữa giá đồng khách hàng giao hàng miễn phí trong " +
  "thành phố Hồ Chí Minh the shop opens at am and closes at pm coffee bread price delivery free within city " +
  "customers order online menu today special weekend holiday warranty refund parking booking table"
).split(" ");
const sentence = () =>
  `${Array.from({ length: 8 + Math.floor(random() * 10) }, () => words[Math.floor(random() * words.length)]).join(" ")} ${Math.floor(random() * 100000)}.`;

/** A Markdown file of about `bytes`: headings every few paragraphs, some lists. */
function markdown(i: number, bytes: number): Uint8Array {
  seed = 42 + i * 7919;
  const out: string[] = [`# Tài liệu ${i}\n`];
  let size = 0;
  let section = 0;
  while (size < bytes) {
    const block =
      section % 4 === 0
        ? `\n## Mục ${i}.${section}\n\n${sentence()} ${sentence()}\n`
        : section % 4 === 2
          ? `\n- ${sentence()}\n- ${sentence()}\n- ${sentence()}\n`
          : `\n${sentence()} ${sentence()} ${sentence()}\n`;
    out.push(block);
    size += Buffer.byteLength(block);
    section++;
  }
  return new TextEncoder().encode(out.join(""));
}

async function seedOwner(db: Database["db"], name: string) {
  const [user] = await db
    .insert(users)
    .values({ firstName: name, membershipId: `bench-${name}` })
    .returning();
  // Enterprise: 10 MB in one agent is past the free plan's characters.
  const now = new Date();
  await db.insert(subscriptions).values({
    ownerId: user!.id,
    plan: "enterprise",
    cycle: "monthly",
    currency: "vnd",
    amount: 0,
    status: "active",
    provider: "bench",
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
  const [agent] = await db
    .insert(agents)
    .values({ ownerId: user!.id, publicId: `agent_bench${name}`.slice(0, 24), name })
    .returning();
  return { ownerId: user!.id, agentId: agent!.id };
}

type Queued = { name: string; type: DocumentType; bytes?: Uint8Array; sourceUrl?: string };

/** Stores and queues every document, then waits until none is processing; seconds from the first send. */
async function learnAll(
  database: Database,
  boss: import("pg-boss").PgBoss,
  owner: { ownerId: string; agentId: string },
  list: Queued[],
  timeoutMs = 600_000,
): Promise<{ seconds: number; failed: number; ids: string[] }> {
  const db = database.db;
  const rows: { id: string; type: DocumentType; size: number }[] = [];
  for (const q of list) {
    const id = crypto.randomUUID();
    if (q.bytes) await fileStore().put(documentKey(owner.agentId, id), q.bytes);
    const row = await insertDocument(db, {
      id,
      agentId: owner.agentId,
      type: q.type,
      name: q.name,
      size: q.bytes?.length ?? 0,
      contentHash: `${q.name}-${id}`,
      storageKey: q.bytes ? documentKey(owner.agentId, id) : null,
      sourceUrl: q.sourceUrl ?? null,
    });
    rows.push({ id: row!.id, type: q.type, size: row!.size });
  }
  const ids = rows.map((r) => r.id);
  const t0 = performance.now();
  // As the upload route does: one send per document, right after it is stored.
  for (const r of rows) await sendIngest(boss, { ...r, ownerId: owner.ownerId });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(sql`${inArray(documents.id, ids)} and ${documents.status} = 'processing'`);
    if (Number(left!.n) === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const seconds = (performance.now() - t0) / 1000;
  const [failed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(sql`${inArray(documents.id, ids)} and ${documents.status} <> 'completed'`);
  return { seconds, failed: Number(failed!.n), ids };
}

/** The 500-page local site: ~8 KB of HTML a page, Vietnamese and English, 20 links each. */
async function localSite(pages: number) {
  const paragraph = (i: number, j: number) =>
    `<p>Đoạn ${j} của trang ${i}: Thành phố Hồ Chí Minh là trung tâm kinh tế lớn nhất Việt Nam, với nhiều doanh nghiệp ${i * 31 + j}. Paragraph ${j} of page ${i}: opening hours are Monday to Friday, 8:00 to 17:00, code ${i * 97 + j}.</p>`;
  const render = (i: number) => {
    const menu = Array.from(
      { length: 20 },
      (_, k) => `<li><a href="/p/${(i * 7 + k * 13) % pages}">Trang ${k}</a></li>`,
    );
    return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Trang ${i}</title></head>
<body><header><nav><ul>${menu.join("")}</ul></nav></header>
<main><h1>Trang số ${i}</h1>${Array.from({ length: 25 }, (_, j) => paragraph(i, j)).join("\n")}</main>
<footer><p>© AgentCity bench</p></footer></body></html>`;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://bench");
    const origin = `http://${req.headers.host}`;
    if (url.pathname === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end(`User-agent: *\nAllow: /\n`);
      return;
    }
    if (url.pathname === "/sitemap.xml") {
      const locs = Array.from({ length: pages }, (_, i) => `<url><loc>${origin}/p/${i}</loc></url>`);
      res.writeHead(200, { "content-type": "application/xml" }).end(`<urlset>${locs.join("")}</urlset>`);
      return;
    }
    const m = /^\/p\/(\d+)$/.exec(url.pathname);
    const i = url.pathname === "/" ? 0 : m ? Number(m[1]) : -1;
    if (i < 0 || i >= pages) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(render(i));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** One 200 KB document, stage by stage, outside the queue (the statements the pipeline runs). */
async function profile(database: Database, agentId: string) {
  const db = database.db;
  const stages = { parse: 0, chunk: 0, searchText: 0, write: 0, termStats: 0 };
  const runs = 5;
  for (let i = 0; i < runs; i++) {
    const bytes = markdown(1000 + i, 200 * 1024);
    const [doc] = await db
      .insert(documents)
      .values({ agentId, type: "md", name: `p${i}.md`, size: bytes.length, status: "processing" })
      .returning();
    let t = performance.now();
    const parsed = await parseDocument({ bytes, name: `p${i}.md`, type: "md" });
    stages.parse += performance.now() - t;
    if (!parsed.ok) throw new Error(parsed.error);
    t = performance.now();
    const cut = await chunkInTurns(parsed.sections);
    stages.chunk += performance.now() - t;
    t = performance.now();
    for (const c of cut) passageSearchText(c.heading, c.content);
    stages.searchText += performance.now() - t;
    const list = cut.map((c) => ({ heading: c.heading, content: c.content, language: parsed.language }));
    t = performance.now();
    await replacePassages(db, { agentId, documentId: doc!.id, passages: list });
    const write = performance.now() - t;
    // The same write with the vocabulary triggers off: the difference is what term statistics cost.
    await db.execute(sql`alter table passages disable trigger user`);
    try {
      t = performance.now();
      await replacePassages(db, { agentId, documentId: doc!.id, passages: list });
      const bare = performance.now() - t;
      stages.write += bare;
      stages.termStats += Math.max(0, write - bare);
    } finally {
      await db.execute(sql`alter table passages enable trigger user`);
    }
    // Leave the vocabulary consistent: the last write ran without the triggers.
    await replacePassages(db, { agentId, documentId: doc!.id, passages: [] });
  }
  const total = Object.values(stages).reduce((a, b) => a + b, 0);
  console.log(`  one 200 KB Markdown document, mean of ${runs} (vectors: none, built-in mode):`);
  for (const [k, v] of Object.entries(stages)) {
    console.log(
      `    ${k.padEnd(11)} ${(v / runs).toFixed(0).padStart(6)} ms  ${((100 * v) / total).toFixed(0).padStart(3)} %`,
    );
  }
}

const floor = (ok: boolean) => (ok ? "meets" : "BELOW");

async function run(label: string, databaseUrl: string | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-rate-db-"));
  const database = await openDatabase({ databaseUrl, dataDir: dir, poolSize: 8 });
  const postgres = database.kind === "postgres";
  try {
    await migrate(database);
    const jobs = await startJobSystem(database, {
      work: true,
      queues: [ingestQueue(config().WORKER_CONCURRENCY)],
    });
    console.log(`\n${label}`);
    try {
      if (only.has("tiny")) {
        // Warm-up: the first parse child and statements compile.
        const warm = await seedOwner(database.db, `w${label.length}`);
        await learnAll(database, jobs.boss, warm, [
          { name: "warm.md", type: "md", bytes: markdown(0, 1500) },
        ]);
        const owner = await seedOwner(database.db, `tiny${label.length}`);
        const tiny = Array.from({ length: 50 }, (_, i) => ({
          name: `tiny-${i}.md`,
          type: "md" as const,
          bytes: markdown(i, 1500),
        }));
        const r = await learnAll(database, jobs.boss, owner, tiny);
        console.log(
          `  50 tiny files (1.5 KB):   ${r.seconds.toFixed(2)} s   failed ${r.failed}   goal ≤ 3 s: ${floor(r.seconds <= 3)}`,
        );
      }
      if (only.has("markdown")) {
        const owner = await seedOwner(database.db, `md${label.length}`);
        const files = Array.from({ length: 50 }, (_, i) => ({
          name: `doc-${i}.md`,
          type: "md" as const,
          bytes: markdown(100 + i, 200 * 1024),
        }));
        const kb = files.reduce((n, f) => n + f.bytes.length, 0) / 1024;
        const cpu = process.cpuUsage();
        const r = await learnAll(database, jobs.boss, owner, files);
        const used = process.cpuUsage(cpu);
        const [n] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(passages)
          .where(inArray(passages.documentId, r.ids));
        const rate = kb / r.seconds;
        const goal = postgres ? 1000 : 600;
        console.log(
          `  50 Markdown files, ${(kb / 1024).toFixed(1)} MB: ${r.seconds.toFixed(2)} s, ${rate.toFixed(0)} KB/s, ${n!.n} passages, failed ${r.failed}, server CPU ${((used.user + used.system) / 1e6).toFixed(1)} s   goal ≥ ${goal} KB/s: ${floor(rate >= goal)}`,
        );
      }
      if (only.has("profile")) {
        const owner = await seedOwner(database.db, `pr${label.length}`);
        await profile(database, owner.agentId);
      }
      if (only.has("crawl")) {
        const site = await localSite(500);
        try {
          const owner = await seedOwner(database.db, `cr${label.length}`);
          const r = await learnAll(database, jobs.boss, owner, [
            { name: "site", type: "url", sourceUrl: `${site.origin}/` },
          ]);
          const [doc] = await database.db.select().from(documents).where(eq(documents.id, r.ids[0]!));
          const [n] = await database.db
            .select({ n: sql<number>`count(distinct page_id)::int` })
            .from(passages)
            .where(eq(passages.documentId, r.ids[0]!));
          const rate = n!.n / r.seconds;
          // The floor, in the same run: the crawler alone on the same site, nothing stored.
          const t = performance.now();
          const alone = await crawlSite(`${site.origin}/`, {
            allowPrivate: true,
            maxPages: 500,
            maxDepth: 50,
          });
          const floorRate = alone.completed / ((performance.now() - t) / 1000);
          console.log(
            `  crawler alone, same site: ${alone.completed} pages = ${floorRate.toFixed(0)} pages/s (stored is ${(floorRate / rate).toFixed(1)}× slower)`,
          );
          console.log(
            `  crawl 500 local pages:    ${n!.n} pages stored in ${r.seconds.toFixed(2)} s = ${rate.toFixed(0)} pages/s (status ${doc!.status})${postgres ? `   goal ≥ 400: ${floor(rate >= 400)}` : ""}`,
          );
        } finally {
          site.close();
        }
      }
    } finally {
      await jobs.stop();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  await run("PGlite", undefined);
  if (postgresAsked) {
    const created = await createDatabase(postgresUrl);
    try {
      await run("Postgres", created.url);
    } finally {
      await created.drop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
