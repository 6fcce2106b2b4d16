import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { eq, sql } from "drizzle-orm";
import { bigint, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { databaseAnswers } from "@/lib/server/health";

/**
 * Issue 18, "nothing stalls the server": the embedded database runs on its own thread
 * (lib/db/pglite-thread). The server's event loop stays free while a statement runs there, and everything
 * the app relied on from PGlite in the same thread still holds: the same rows (compared with a PGlite
 * opened the old way), transactions serialized and rolled back as before, Postgres error codes, close.
 */
const items = pgTable("items", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  data: jsonb("data").$type<Record<string, unknown>>(),
  big: bigint("big", { mode: "number" }),
  price: numeric("price"),
});
const CREATE = `create extension if not exists vector;
  create table items (id int primary key, name text not null, at timestamptz not null, data jsonb,
    big bigint, price numeric);`;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-pglite-thread-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("PGlite on its own thread", () => {
  let database: Database;
  /** The same database engine in this thread, the way openDatabase ran it before: the reference. */
  let inThread: PGlite;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: tempDir() });
    await database.pglite!.exec(CREATE);
    inThread = await PGlite.create(path.join(tempDir(), "pglite"), { extensions: { vector } });
    await inThread.exec(CREATE);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await inThread?.close();
  });

  it("keeps the event loop free while a long statement runs", async () => {
    // Grown until one statement takes long enough to tell a free loop from a blocked one on any machine.
    let rows = 2_000_000;
    for (;;) {
      // A timer every 10 ms: the longest gap between two of its turns is how long the loop was held.
      const turns: number[] = [];
      const ticker = setInterval(() => turns.push(performance.now()), 10);
      const started = performance.now();
      turns.push(started);
      await database.db.execute(sql`select sum(i * 2) from generate_series(1, ${rows}::int) i`);
      const took = performance.now() - started;
      turns.push(performance.now());
      clearInterval(ticker);
      if (took < 800 && rows < 64_000_000) {
        rows *= 2;
        continue;
      }
      const longestGap = Math.max(...turns.slice(1).map((t, i) => t - turns[i]!));
      // On the server's thread the loop waited the whole statement: one gap ≈ took, a couple of turns.
      expect(longestGap).toBeLessThan(took / 4);
      expect(turns.length).toBeGreaterThan(took / 10 / 4);
      break;
    }
  });

  it("answers the same rows as PGlite in the same thread", async () => {
    const row = {
      id: 1,
      name: "Hoa Mai",
      at: new Date("2026-01-02T03:04:05.678Z"),
      data: { hours: [7, 21], note: "mở cửa", nested: { ok: true } },
      big: 9_007_199_254_740,
      price: "12345.6700",
    };
    const probe = sql`select now() - now() as zero, '2026-01-02'::date as d, '1 day'::interval as i,
      9223372036854775807::bigint as b, 1.50::numeric as n, array[1.5, 2]::numeric[] as ns,
      array['2026-01-02T03:04:05Z'::timestamptz] as ts, '[1,2.5,3]'::vector as v, '{"a":[1,{"b":null}]}'::jsonb as j,
      'x'::bytea as bytes, array['a', null, 'c'] as texts, true as yes, 1.25::float8 as f`;
    const answers = [];
    for (const client of [database.pglite as unknown as PGlite, inThread]) {
      const db = drizzle(client, { schema: { items } });
      await db.insert(items).values(row);
      answers.push({
        typed: await db.select().from(items).where(eq(items.id, 1)),
        raw: (await db.execute(probe)).rows,
        direct: await client.query("select * from items where id = $1", [1]),
        exec: await client.exec("select 1 as one; select 'two' as two"),
      });
      await client.query("delete from items");
    }
    const [thread, reference] = answers;
    expect(thread).toEqual(reference);
    expect(thread!.typed).toEqual([row]);
    expect((thread!.direct.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect(thread!.raw[0]!.b).toBe(9223372036854775807n);
  });

  it("commits, rolls back on a throw, nests savepoints and makes other queries wait", async () => {
    const { db } = database;
    const at = new Date();
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ id: 10, name: "a", at });
      await sleep(20);
      await tx.transaction(async (inner) => {
        await inner.insert(items).values({ id: 11, name: "b", at });
      });
      // A savepoint rolled back alone; the outer transaction goes on.
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(items).values({ id: 12, name: "c", at });
          throw new Error("inner only");
        }),
      ).rejects.toThrow("inner only");
    });
    const failure = new Error("changed my mind");
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(items).values({ id: 13, name: "d", at });
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(items).values({ id: 14, name: "e", at });
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    const ids = async () =>
      (await db.select({ id: items.id }).from(items).orderBy(items.id)).map((r) => r.id);
    expect(await ids()).toEqual([10, 11]);

    // A query from outside waits for the open transaction, then sees what it committed.
    let release!: () => void;
    const open = db.transaction(async (tx) => {
      await tx.insert(items).values({ id: 15, name: "f", at });
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await vi.waitFor(() => expect(release).toBeTypeOf("function"));
    const outside = ids();
    const settled = await Promise.race([outside.then(() => "answered"), sleep(150).then(() => "waiting")]);
    expect(settled).toBe("waiting");
    release();
    await open;
    expect(await outside).toEqual([10, 11, 15]);
    await db.delete(items);
  });

  it("fails with the Postgres error's code and fields, as PGlite did", async () => {
    const at = new Date();
    const errors = [];
    for (const client of [database.pglite as unknown as PGlite, inThread]) {
      const db = drizzle(client, { schema: { items } });
      await db.insert(items).values({ id: 20, name: "a", at });
      const err = await db
        .insert(items)
        .values({ id: 20, name: "again", at })
        .catch((e: Error & { cause?: Record<string, unknown> }) => e);
      const raw = await client.query("select nope from items").then(
        () => ({}) as Record<string, unknown>,
        (e: Record<string, unknown>) => e,
      );
      errors.push(
        [(err as { cause?: Record<string, unknown> }).cause!, raw].map((e) => ({
          name: e.name,
          message: e.message,
          code: e.code,
          constraint: e.constraint,
          detail: e.detail,
          severity: e.severity,
          position: e.position,
        })),
      );
      await client.query("delete from items");
    }
    expect(errors[0]).toEqual(errors[1]);
    expect(errors[0]![0]!.code).toBe("23505");
    expect(errors[0]![1]!.code).toBe("42703");
    // The thread goes on after an error.
    expect((await database.pglite!.query("select 1 as n")).rows).toEqual([{ n: 1 }]);
  });

  it("lets /api/health answer at once while the thread is busy, and say so", async () => {
    expect(await databaseAnswers(database)).toBe(true);
    // (then: a drizzle query starts when it is awaited)
    const long = database.db.execute(sql`select pg_sleep(1)`).then(() => {});
    const started = performance.now();
    expect(await databaseAnswers(database)).toBe("busy");
    expect(performance.now() - started).toBeLessThan(100);
    await long;
    // Checks asked together share one probe instead of queueing behind each other.
    expect(await Promise.all([1, 2, 3].map(() => databaseAnswers(database)))).toEqual([true, true, true]);
  });

  it("delivers NOTIFY to a listener", async () => {
    const heard: string[] = [];
    const stop = await database.pglite!.listen("pings", (payload) => heard.push(payload));
    await database.pglite!.query("select pg_notify('pings', 'one')");
    await vi.waitFor(() => expect(heard).toEqual(["one"]));
    await stop();
    await database.pglite!.query("select pg_notify('pings', 'two')");
    await sleep(50);
    expect(heard).toEqual(["one"]);
  });
});

describe("the PGlite thread's end", () => {
  it("closes cleanly: the thread ends, later calls fail, the folder opens again", async () => {
    const dir = tempDir();
    const database = await openDatabase({ dataDir: dir });
    const pglite = database.pglite!;
    await pglite.exec("create table kept (n int); insert into kept values (7)");
    await database.close();
    expect(pglite.closed).toBe(true);
    expect(pglite.ready).toBe(false);
    await expect(pglite.query("select 1")).rejects.toThrow("PGlite is closed");
    expect(await databaseAnswers(database)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    try {
      expect((await again.pglite!.query("select n from kept")).rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it("fails pending and later calls when the thread dies, never hangs", async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    // The thread is private to the class: seen on its way out as the `this` of the statement's post.
    const post = vi.spyOn(Worker.prototype, "postMessage");
    try {
      const pending = database.pglite!.query("select sum(i) from generate_series(1, 100000000) i");
      const worker = post.mock.contexts[0] as Worker;
      post.mockRestore();
      await sleep(100);
      await worker.terminate();
      await expect(pending).rejects.toThrow(/PGlite thread stopped/);
      await expect(database.pglite!.query("select 1")).rejects.toThrow(/PGlite thread stopped/);
      expect(database.pglite!.ready).toBe(false);
    } finally {
      post.mockRestore();
      await database.close();
    }
  });
});
