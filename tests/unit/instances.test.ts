import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { Broadcaster } from "@/lib/cache/broadcast";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { applicationName, refuseLocalFilesAcrossMachines } from "@/lib/server/shared-disk";
import { backendDatabase, backends } from "../helpers/retrieval-db";

/**
 * More than one instance on one Postgres (OPS-2, OPS-3): migrations under an advisory lock, so instances
 * started at the same moment on an empty database (a rolling deploy, `--scale web=2`) all start (without
 * the lock one died with a failed migration); and cache invalidations told across instances by LISTEN/NOTIFY.
 */
const journal = JSON.parse(readFileSync(path.resolve("lib/db/migrations/meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

describe.each(backends)("migrations on %s", (kind) => {
  const database = backendDatabase(kind);

  it("run again on a migrated database change nothing", async () => {
    await migrate(database());
    await migrate(database());
    const rows = await database().db.execute("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    const n = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(n).toBe(journal.entries.length);
  });
});

describe.each(backends.filter((b) => b === "postgres"))("five instances at once on an empty %s", () => {
  it("all migrate, one after the other, and the schema is whole", async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `agentcity_migrate_${process.pid}_${randomBytes(4).toString("hex")}`;
    const dir = mkdtempSync(path.join(tmpdir(), "agentcity-migrate-"));
    const adminClient = new pg.Client({ connectionString: admin });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const instances: Database[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        instances.push(await openDatabase({ databaseUrl: url.toString(), dataDir: dir, poolSize: 2 }));
      }
      const results = await Promise.allSettled(instances.map((d) => migrate(d)));
      expect(results.map((r) => r.status)).toEqual(Array(5).fill("fulfilled"));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
      const tables = await check.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('users', 'transfer_links')",
      );
      await check.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
      expect(tables.rows[0].n).toBe(2);
    } finally {
      for (const d of instances) await d.close().catch(() => {});
      await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminClient.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each(backends.filter((b) => b === "postgres"))("cache invalidation across instances on %s", () => {
  const database = backendDatabase("postgres");
  const instances: Broadcaster[] = [];
  afterAll(async () => {
    for (const b of instances) await b.stop();
  });
  const instance = async () => {
    const b = new Broadcaster();
    instances.push(b);
    await b.start(database().pool!);
    return b;
  };
  const heard = (b: Broadcaster) => {
    const got: string[] = [];
    b.on("profile", (k) => got.push(`profile:${k}`));
    b.on("entitlement", (k) => got.push(`entitlement:${k}`));
    return got;
  };

  it("a change on one instance drops the copy on the others, not its own twice; a lost connection comes back", async () => {
    const a = await instance();
    const b = await instance();
    const c = await instance();
    const [onA, onB, onC] = [heard(a), heard(b), heard(c)];
    a.send("profile", "user-1");
    b.send("entitlement", "owner-7");
    await expect.poll(() => [...onB, ...onC].sort(), { timeout: 5_000 }).toContain("profile:user-1");
    await expect
      .poll(() => onC.slice().sort(), { timeout: 5_000 })
      .toEqual(["entitlement:owner-7", "profile:user-1"]);
    expect(onA).toEqual(["entitlement:owner-7"]);
    expect(onB).toEqual(["profile:user-1"]);

    // C's listening connection is cut (a failover, a restart of Postgres): it reconnects and hears again.
    await database().pool!.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND query ILIKE 'LISTEN %' AND datname = current_database()`,
    );
    await expect.poll(() => c.listening(), { timeout: 5_000 }).toBe(false);
    await expect.poll(() => c.listening(), { timeout: 10_000 }).toBe(true);
    a.send("profile", "user-2");
    await expect.poll(() => onC.includes("profile:user-2"), { timeout: 5_000 }).toBe(true);
  }, 30_000);

  it("ignores payloads that are not its own shape and keys too long to be ids", async () => {
    const a = await instance();
    const b = await instance();
    const onB = heard(b);
    for (const junk of ["not json", "{}", '{"t":"profile"}', '{"o":"x","t":"nope","k":"1"}']) {
      await database().pool!.query("SELECT pg_notify('agentcity_invalidate', $1)", [junk]);
    }
    a.send("profile", "x".repeat(500));
    a.send("profile", "after");
    await expect.poll(() => onB, { timeout: 5_000 }).toEqual(["profile:after"]);
  }, 30_000);
});

describe.each(backends.filter((b) => b === "postgres"))("local files and another machine on %s", () => {
  const database = backendDatabase("postgres");

  it("refuse to start when another host shares the database; S3, or the same host, start", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(await database().pool!.query("SELECT current_database() AS d")).rows[0].d}`;
    const other = new pg.Client({
      connectionString: url.toString(),
      application_name: applicationName("s3", "web-2"),
    });
    await other.connect();
    try {
      await expect(refuseLocalFilesAcrossMachines(database().pool!, "local", "web-1")).rejects.toThrow(
        /FILE_STORE=local, but an instance on web-2 shares this database/,
      );
      await expect(refuseLocalFilesAcrossMachines(database().pool!, "s3", "web-1")).resolves.toBeUndefined();
      await expect(
        refuseLocalFilesAcrossMachines(database().pool!, "local", "web-2"),
      ).resolves.toBeUndefined();
    } finally {
      await other.end();
    }
    await expect(refuseLocalFilesAcrossMachines(database().pool!, "local", "web-1")).resolves.toBeUndefined();
  });
});
