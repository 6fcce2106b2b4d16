import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { parseDocument } from "@/lib/ingest/parse";
import { Gate } from "@/lib/ingest/parse/run-worker";
import { ingestQueue, type QueuedDocument, sendIngest } from "@/lib/ingest/queue";
import { learningLanes, learningPriority, PRIORITY, perOwnerLimit } from "@/lib/ingest/schedule";
import { type JobSystem, startJobSystem } from "@/lib/jobs/boss";
import { unitDatabase } from "../helpers/unit-db";

/**
 * Issue 40, item 4: who learns what next. The rules alone, then pg-boss following them on a real (PGlite)
 * queue with a handler that holds each job until the test lets it go.
 */
describe("the scheduling rule", () => {
  it("puts small text first, then files, then websites", () => {
    const snippet = learningPriority({ type: "text", size: 60 });
    const smallMarkdown = learningPriority({ type: "md", size: 64 * 1024 });
    const justOver = learningPriority({ type: "md", size: 64 * 1024 + 1 });
    const smallPdf = learningPriority({ type: "pdf", size: 10_000 });
    const site = learningPriority({ type: "url", size: 0 });
    expect([snippet, smallMarkdown]).toEqual([PRIORITY.smallText, PRIORITY.smallText]);
    // A small zip or PDF can unpack to far more than its size: not small text.
    expect([justOver, smallPdf]).toEqual([PRIORITY.file, PRIORITY.file]);
    expect(site).toBe(PRIORITY.website);
    expect(PRIORITY.smallText).toBeGreaterThan(PRIORITY.file);
    expect(PRIORITY.file).toBeGreaterThan(PRIORITY.website);
  });

  it("leaves one worker to other owners, and keeps one more for small text", () => {
    expect([1, 2, 3, 8].map(perOwnerLimit)).toEqual([1, 1, 2, 7]);
    const [all, small] = learningLanes(3);
    expect(all).toMatchObject({ localConcurrency: 3, localGroupConcurrency: 2 });
    expect(small).toMatchObject({ localConcurrency: 1, minPriority: PRIORITY.smallText });
  });

  it("lets the smallest waiting parse go first, in arrival order among equals", async () => {
    const gate = new Gate(1);
    const order: string[] = [];
    let release = () => {};
    const first = gate.run(() => new Promise<void>((r) => (release = r)), 900);
    const queued = [
      gate.run(async () => void order.push("large"), 1_000_000),
      gate.run(async () => void order.push("small a"), 60),
      gate.run(async () => void order.push("medium"), 200_000),
      gate.run(async () => void order.push("small b"), 60),
    ];
    release();
    await Promise.all([first, ...queued]);
    expect(order).toEqual(["small a", "small b", "medium", "large"]);
  });
});

describe("the parser keeps to it", () => {
  it("reads a small text at once while a slow file holds the main parse slot", async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    let slowEnded = 0;
    const slow = parseDocument({ bytes: enc("[".repeat(1_000_000)), name: "slow.md" }, { timeoutMs: 8_000 });
    // A second slow one waits in the main slot's queue too: the small text must pass both.
    const slower = parseDocument(
      { bytes: enc(`${"[".repeat(999_999)}]`), name: "slower.md" },
      { timeoutMs: 8_000 },
    );
    void slow.then(() => (slowEnded = Date.now()));
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const small = await parseDocument({ bytes: enc("Open 7 am to 6 pm."), name: "hours.txt", type: "text" });
    const tookMs = Date.now() - started;
    expect(small).toMatchObject({ ok: true, text: "Open 7 am to 6 pm." });
    expect(tookMs).toBeLessThan(4_000);
    // It passed the slow file rather than following it: that one is still being read.
    expect(slowEnded).toBe(0);
    const [first] = await Promise.all([slow, slower]);
    expect(first).toMatchObject({ ok: false, error: "parse_timeout" });
  }, 40_000);
});

describe("pg-boss keeps to it", () => {
  const db = unitDatabase();
  let jobs: JobSystem | undefined;
  afterEach(async () => {
    await jobs?.stop();
  });

  it("starts another owner's file and a third owner's snippet while one owner has ten long files queued", async () => {
    const started = new Map<string, number>();
    const running = new Map<string, number>();
    let mostAtOnceForA = 0;
    let releaseAll = () => {};
    const released = new Promise<void>((r) => (releaseAll = r));
    const owners = new Map<string, string>();
    const queue = {
      ...ingestQueue(3),
      onStart: undefined,
      handler: async (_database: unknown, data: unknown) => {
        const id = (data as { documentId: string }).documentId;
        const owner = owners.get(id)!;
        started.set(id, Date.now());
        running.set(owner, (running.get(owner) ?? 0) + 1);
        if (owner === "a") mostAtOnceForA = Math.max(mostAtOnceForA, running.get("a")!);
        await released;
        running.set(owner, running.get(owner)! - 1);
      },
    };
    jobs = await startJobSystem(db(), { work: true, queues: [queue] });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const send = async (owner: string, ownerId: string, doc: Omit<QueuedDocument, "id" | "ownerId">) => {
      const id = randomUUID();
      owners.set(id, owner);
      await sendIngest(jobs!.boss, { id, ownerId, ...doc });
      return id;
    };
    const startsWithin = async (id: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!started.has(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return started.has(id);
    };

    const long = await Promise.all(
      Array.from({ length: 10 }, () => send("a", a, { type: "md", size: 1_000_000 })),
    );
    await startsWithin(long[0]!, 5_000);
    await startsWithin(long[1]!, 5_000);
    // Owner B's file is no smaller than A's: only the owner's cap lets it in.
    const file = await send("b", b, { type: "md", size: 1_000_000 });
    expect(await startsWithin(file, 5_000)).toBe(true);
    // Every general worker is busy now (A has two, B one): the snippet comes in through its own lane.
    const snippet = await send("c", c, { type: "text", size: 60 });
    expect(await startsWithin(snippet, 5_000)).toBe(true);
    expect(mostAtOnceForA).toBe(perOwnerLimit(3));
    expect(long.filter((id) => started.has(id))).toHaveLength(perOwnerLimit(3));
    releaseAll();
  });
});
