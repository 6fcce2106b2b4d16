import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { agents, messageAllowance, rateLimits } from "@/lib/db/schema";
import { allowanceMonth } from "@/lib/limits/allowance";
import { agentDayKey, enforcePublicLimits } from "@/lib/limits/chat";
import { seedAgent } from "@/tests/helpers/retrieval-seed";
import { createDatabase } from "@/tests/helpers/server";

/**
 * npm run bench:limits -- --postgres postgres://…/db [--clients 20] [--seconds 10]
 * The limits' statement of a visitor's message (lib/limits/chat.ts enforcePublicLimits: the minute and day
 * limits and one message of the owner's month, in one statement) from `clients` senders back to back, each
 * message from a visitor and an address of its own, all to one agent: every message updates the agent's
 * minute counter, its count of the day and its owner's allowance. Twice, on a database of its own each time:
 *   - as the app runs: the counters commit without waiting for the disk (lib/db/async-commit.ts);
 *   - every commit waiting for the disk: the URL carries `options` of its own, which the counters' pool
 *     cannot add to, so they run on the app's pool and commit as everything else does.
 * Messages per second and latency; figures only, never pass/fail. Postgres only: PGlite has one connection
 * and nothing to contend on.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const POSTGRES = arg("postgres");
const CLIENTS = Number(arg("clients") ?? 20);
const SECONDS = Number(arg("seconds") ?? 10);
if (!POSTGRES) {
  console.error("bench:limits needs --postgres postgres://…");
  process.exit(2);
}
// No cap may refuse: the figure is the statement's, not a 429's.
for (const name of ["VISITOR", "ADDRESS", "AGENT"]) process.env[`CHAT_LIMIT_${name}_PER_MINUTE`] = "1000000";
process.env.CHAT_LIMIT_VISITOR_PER_DAY = "1000000";
process.env.CHAT_LIMIT_ADDRESS_PER_DAY = "1000000";

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function run(label: string, options: string | null) {
  const target = await createDatabase(POSTGRES!);
  const url = new URL(target.url);
  if (options) url.searchParams.set("options", options);
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-bench-limits-"));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  try {
    await migrate(database);
    const { db } = database;
    const agentId = await seedAgent(db, "Limits");
    const [agent] = await db.select({ ownerId: agents.ownerId }).from(agents).where(eq(agents.id, agentId));
    const ownerId = agent!.ownerId;
    // The month starts far below the plan's cap, so no message of the run finds it used up.
    await db.insert(messageAllowance).values({ ownerId, month: allowanceMonth(), used: -100_000_000 });
    // So does the agent's day: its count starts far below its ceiling's open half.
    await db
      .insert(rateLimits)
      .values({ key: agentDayKey(agentId), windowStart: new Date(), count: -100_000_000 });
    const times: number[] = [];
    let failed = 0;
    // Each message from a visitor and an address of its own (a day's share per address is small): the
    // rows every message shares are the agent's minute and day counters and the owner's allowance.
    const send = () => {
      const address = randomBytes(8).toString("hex");
      return enforcePublicLimits(db, null, {
        visitorId: randomBytes(8).toString("hex"),
        isNewVisitor: false,
        addressKey: address,
        dayKeys: { address, wide: null },
        agentId,
        ownerId,
        dailyShare: null,
      });
    };
    // Warm-up: every connection opened and every statement prepared.
    await Promise.all(Array.from({ length: CLIENTS }, send));
    const end = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          try {
            await send();
            times.push(performance.now() - t);
          } catch (err) {
            if (failed++ === 0) console.error(`  first failure: ${(err as Error).message}`);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(40)} ${String(times.length).padStart(8)} ${(times.length / elapsed).toFixed(0).padStart(8)} ${pct(times, 50).toFixed(2).padStart(8)} ${pct(times, 95).toFixed(2).padStart(8)} ${String(failed).padStart(7)}`,
    );
  } finally {
    await database.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\nbench:limits — ${CLIENTS} concurrent senders, a new visitor and address each message, one agent, ${SECONDS} s each (Postgres ${new URL(POSTGRES).host})`,
);
console.log(
  `  ${"counters commit".padEnd(40)} ${"messages".padStart(8)} ${"per s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"failed".padStart(7)}`,
);
await run("without waiting for the disk (as the app)", null);
await run("waiting for the disk", "-c synchronous_commit=on");
