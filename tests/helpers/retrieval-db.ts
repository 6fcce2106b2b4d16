import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { chunk } from "@/lib/retrieval/chunk";
import type { Embedder } from "@/lib/retrieval/embedder";
import { replacePassages } from "@/lib/retrieval/passages";
import { seedDocument } from "./retrieval-seed";
import { unitDatabase } from "./unit-db";

export { seedAgent, seedDocument, seedPage } from "./retrieval-seed";

/**
 * The databases a search test runs on: always PGlite, and also a fresh database on the Postgres server
 * TEST_DATABASE_URL names (e.g. postgres://postgres@127.0.0.1:5432/postgres), when set.
 */
export const backends: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * The backends that have pgvector: PGlite always (its extension is bundled), and TEST_DATABASE_URL's server
 * when it offers the extension (Debian's does not, so there the no-pgvector tests cover it instead).
 */
export async function backendsWithPgvector(): Promise<("pglite" | "postgres")[]> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return ["pglite"];
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    const { rows } = await c.query("select 1 from pg_available_extensions where name = 'vector'");
    return rows.length > 0 ? ["pglite", "postgres"] : ["pglite"];
  } finally {
    await c.end();
  }
}

/** Call inside a describe: hooks open the database before its tests and drop it after. */
export function backendDatabase(kind: "pglite" | "postgres"): () => Database {
  if (kind === "pglite") return unitDatabase();
  let database: Database | undefined;
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `agentcity_unit_${process.pid}_${randomBytes(4).toString("hex")}`;
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-unitpg-"));
  beforeAll(async () => {
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir, poolSize: 4 });
    await migrate(database);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!database) throw new Error("database not open yet");
    return database;
  };
}

async function adminQuery(url: string, query: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/**
 * Texts learned as one new document of the agent's (one passage each, no heading), with their vectors when
 * an embedder is given; returns the document's id.
 */
export async function learnTexts(
  db: Database["db"],
  agentId: string,
  texts: string[],
  { name = "doc.txt", embedder = null }: { name?: string; embedder?: Embedder | null } = {},
): Promise<string> {
  const documentId = await seedDocument(db, agentId, name);
  const passages = texts.map((content) => ({ heading: null, content }));
  await replacePassages(db, { agentId, documentId, passages, embedder });
  return documentId;
}

/** A markdown text split at its "## " headings, as the parser would, then chunked and indexed as a document. */
export async function learnMarkdown(
  db: Database["db"],
  agentId: string,
  markdown: string,
  embedder: Embedder | null = null,
): Promise<string> {
  const documentId = await seedDocument(db, agentId, "doc.md");
  const sections = markdown
    .split(/^## /m)
    .slice(1)
    .map((s) => {
      const [heading, ...body] = s.split("\n");
      return { heading: heading!.trim(), text: body.join("\n").trim() };
    });
  const passages = chunk(sections).map((c) => ({ heading: c.heading, content: c.content }));
  await replacePassages(db, { agentId, documentId, passages, embedder });
  return documentId;
}
