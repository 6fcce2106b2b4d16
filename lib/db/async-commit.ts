import "server-only";
import type { Db } from "./client";
import { poolOf, poolWithSettings } from "./session-pools";

/**
 * Counters on rows every request of a busy agent updates (its per-minute limit, its owner's monthly
 * allowance) commit without waiting for their write-ahead log to reach the disk
 * (`synchronous_commit = off`). A row lock is held until the commit returns, so with the wait every
 * visitor's message queued behind the last one's disk flush: 3,500 messages per second to one agent from 20
 * concurrent senders, p95 10–11 ms, against 8,500 and 3.2 ms without (`npm run bench:limits`, issue 18).
 *
 * What this gives up: a crash of the database server itself (not of this process) may forget the counts of
 * its last fraction of a second (at most three `wal_writer_delay`s, 0.6 s by default), so a visitor may get
 * a message or two more than a limit allows, and an owner's month a message or two for free. Nothing is
 * ever half written or inconsistent, and every other statement of the app still commits durably.
 *
 * On PGlite, and for a transaction, the statement runs where it was asked (in the transaction, durably).
 */
export function asyncCommit(db: Db): Db {
  const pool = poolOf(db);
  return (pool && poolWithSettings(pool, [["synchronous_commit", "off"]])) ?? db;
}
