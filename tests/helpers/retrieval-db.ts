import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { agents, crawlPages, documents, users } from "@/lib/db/schema";
import { unitDatabase } from "./unit-db";

/**
 * The databases a search test runs on: always PGlite, and also a fresh database on the Postgres server
 * TEST_DATABASE_URL names (e.g. postgres://postgres@127.0.0.1:5432/postgres), when set.
 */
export const backends: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

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

/** An owner with an agent; returns the agent's id. */
export async function seedAgent(db: Database["db"], name = "Agent"): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ membershipId: randomBytes(4).toString("hex").toUpperCase() })
    .returning({ id: users.id });
  const [agent] = await db
    .insert(agents)
    .values({ ownerId: user!.id, publicId: `agent_${randomBytes(5).toString("hex")}`, name })
    .returning({ id: agents.id });
  return agent!.id;
}

export async function seedDocument(db: Database["db"], agentId: string, name = "doc.txt"): Promise<string> {
  const [doc] = await db
    .insert(documents)
    .values({ agentId, type: "txt", name, contentHash: randomBytes(16).toString("hex") })
    .returning({ id: documents.id });
  return doc!.id;
}

export async function seedPage(db: Database["db"], documentId: string, url: string): Promise<string> {
  const [page] = await db.insert(crawlPages).values({ documentId, url }).returning({ id: crawlPages.id });
  return page!.id;
}
