import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import { type Message, readEvents, trainedAgent, useChatServer, Visitor } from "../helpers/chat";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import {
  createDatabase,
  startTestServer,
  startTestWorker,
  type TestServer,
  type TestWorker,
} from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { MOCK_MODELS, type OpenAiPeer, startOpenAiPeer } from "../peers/openai";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * OPS-1…3, more than one machine: two web instances (WORKER_MODE=separate) and a worker, each with its own
 * disk, started at the same moment on an empty Postgres database, files in an S3-protocol bucket (s3rver).
 * The owner uploads on A, the worker learns, a visitor asks on B; limits and sessions hold across A and B; a
 * document deleted on B leaves the bucket; a worker killed mid-ingestion is replaced and every document
 * ends; SIGTERM on A ends its open stream cleanly and the retry on B is answered. On PGlite (no shared
 * database), WORKER_MODE=separate refuses to start.
 */
const postgres = process.env.TEST_DATABASE_URL;

// One or the other, by the database of this run: neither is a skipped suite.
if (!postgres) {
  describe("workers apart on the embedded database", () => {
    it("refuse to start, with one line naming DATABASE_URL", async () => {
      await expect(startTestServer({ env: { WORKER_MODE: "separate" } })).rejects.toThrow(
        /WORKER_MODE: separate needs DATABASE_URL/,
      );
    });
  });
} else
  describe("two web instances and a worker on one Postgres and one bucket", () => {
    let llm: OpenAiPeer;
    let s3: S3Peer;
    let databaseUrl = "";
    let drop: () => Promise<void> = async () => {};
    const servers: TestServer[] = [];
    const workers: TestWorker[] = [];
    let env: Record<string, string> = {};

    afterAll(async () => {
      useChatServer(undefined);
      for (const w of workers) await w.stop().catch(() => {});
      for (const s of servers) await s.stop().catch(() => {});
      await drop();
      await s3?.stop();
      await llm?.stop();
    });

    const upload = async (base: string, access: string, files: [string, string][]) => {
      const f = new FormData();
      for (const [name, content] of files) f.append("files", new Blob([content]), name);
      const res = await fetch(`${base}/api/v1/agent/document`, {
        method: "POST",
        headers: { authorization: `Bearer ${access}`, origin: base },
        body: f,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { accepted: { id: string }[] } }).data.accepted.map((d) => d.id);
    };
    const statuses = async (base: string, access: string) => {
      const res = await fetch(`${base}/api/v1/agent/documents`, {
        headers: { authorization: `Bearer ${access}` },
      });
      return ((await res.json()) as { data: { id: string; status: string; error: string | null }[] }).data;
    };

    it("start together on an empty database, learn on the worker, answer on either, and share limits and sessions", async () => {
      llm = await startOpenAiPeer();
      s3 = await startS3Peer();
      ({ url: databaseUrl, drop } = await createDatabase(postgres!));
      env = {
        ...oidcEnv(),
        SESSION_SECRET: randomBytes(32).toString("hex"),
        WORKER_MODE: "separate",
        FILE_STORE: "s3",
        ...s3.env,
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODELS: [MOCK_MODELS.chat, MOCK_MODELS.slow].join(","),
        CHAT_LIMIT_VISITOR_PER_MINUTE: "3",
        SHUTDOWN_GRACE_SECONDS: "1",
        TRUSTED_PROXIES: "127.0.0.1",
      };
      const started = Date.now();
      const [a, b, worker] = await Promise.all([
        startTestServer({ env, sharedDatabaseUrl: databaseUrl }),
        startTestServer({ env, sharedDatabaseUrl: databaseUrl }),
        startTestWorker({ databaseUrl, env }),
      ]);
      servers.push(a!, b!);
      workers.push(worker!);
      console.log(`[multi-instance] two web instances and a worker ready in ${Date.now() - started} ms`);

      // The owner on A uploads; the worker (another disk) reads the originals from the bucket.
      const { access, renewal } = await signInWithOidc(undefined, a!.baseUrl);
      const created = await fetch(`${a!.baseUrl}/api/v1/agent`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${access}`,
          origin: a!.baseUrl,
          "content-type": "application/json",
        },
        body: JSON.stringify({ name: "Tiệm bánh Hoa Mai", kind: "business" }),
      });
      expect(created.status).toBe(201);
      const agentId = ((await created.json()) as { data: { id: string } }).data.id;
      const uploaded = Date.now();
      const ids = await upload(a!.baseUrl, access, [
        ["hours.txt", "Opening hours\n\nThe bakery opens from 6:30 to 21:00 every day, Sunday included."],
        ["delivery.txt", "Delivery\n\nDelivery takes about 45 minutes within the city centre."],
      ]);
      await expect
        .poll(async () => (await statuses(b!.baseUrl, access)).map((d) => d.status), { timeout: 60_000 })
        .toEqual(["completed", "completed"]);
      const objects = await s3.keys();
      expect(objects.filter((k) => ids.some((id) => k.endsWith(id)))).toHaveLength(2);

      // A visitor asks on B and gets the answer with its source.
      useChatServer(b!.baseUrl);
      const v = new Visitor();
      const asked = await v.ask(agentId, "When does the bakery open on Sunday?");
      expect(asked.status).toBe(200);
      const answer = asked.body.data!.message as Message;
      expect(answer.sources.map((s) => s.title)).toContain("hours.txt");
      console.log(`[multi-instance] upload on A answerable on B after ${Date.now() - uploaded} ms`);

      // The visitor's limit (3 a minute here) counts A and B together.
      useChatServer(a!.baseUrl);
      expect((await v.ask(agentId, "And on Monday?")).status).toBe(200);
      useChatServer(b!.baseUrl);
      expect((await v.ask(agentId, "Do you deliver?")).status).toBe(200);
      useChatServer(a!.baseUrl);
      expect((await v.ask(agentId, "How long does delivery take?")).status).toBe(429);

      // A session made on A renews on B, and the new access works on A.
      const renewed = await fetch(`${b!.baseUrl}/api/v1/user/session/renew`, {
        method: "POST",
        headers: { authorization: `Bearer ${renewal}` },
      });
      expect(renewed.status).toBe(200);
      const fresh = ((await renewed.json()) as { data: { access_token: string } }).data.access_token;
      const me = await fetch(`${a!.baseUrl}/api/v1/user/sessions`, {
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(me.status).toBe(200);

      // A remembers its searches (by the agent's corpus stamp): it asks about delivery before the document
      // goes, so the search is in A's memory when B deletes it.
      useChatServer(a!.baseUrl);
      const reader = new Visitor();
      const before = await reader.ask(agentId, "Do you deliver?");
      expect(before.status).toBe(200);
      expect((before.body.data!.message as Message).sources.map((s) => s.title)).toContain("delivery.txt");

      // Deleted on B: the original leaves the bucket.
      const removed = await fetch(`${b!.baseUrl}/api/v1/agent/document/${ids[1]}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${fresh}`, origin: b!.baseUrl },
      });
      expect(removed.status).toBeLessThan(300);
      await expect
        .poll(async () => (await s3.keys()).some((k) => k.endsWith(ids[1]!)), { timeout: 10_000 })
        .toBe(false);
      expect((await s3.keys()).some((k) => k.endsWith(ids[0]!))).toBe(true);
      // ...and A, asked the same again, no longer finds what B removed (no message between the two).
      const after = await reader.ask(agentId, "Do you deliver?");
      expect(after.status).toBe(200);
      expect((after.body.data!.message as Message).sources.map((s) => s.title)).not.toContain("delivery.txt");

      // Throughput: the same cheap public read on one instance, then on both.
      const burst = async (bases: string[], n = 200) => {
        const t = Date.now();
        await Promise.all(
          Array.from({ length: n }, (_, i) =>
            fetch(`${bases[i % bases.length]}/api/health`).then((r) => r.text()),
          ),
        );
        return (n * 1000) / (Date.now() - t);
      };
      const one = await burst([a!.baseUrl]);
      const both = await burst([a!.baseUrl, b!.baseUrl]);
      console.log(
        `[multi-instance] /api/health: ${one.toFixed(0)} req/s on one instance, ${both.toFixed(0)} on two`,
      );
    }, 240_000);

    it("replaces a worker killed mid-ingestion: every document ends, no passage twice", async () => {
      const [a] = servers;
      const { access } = await signInWithOidc(undefined, a!.baseUrl);
      await fetch(`${a!.baseUrl}/api/v1/agent`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${access}`,
          origin: a!.baseUrl,
          "content-type": "application/json",
        },
        body: JSON.stringify({ name: "Ward office", kind: "government" }),
      });
      const files: [string, string][] = Array.from({ length: 8 }, (_, i) => [
        `notice-${i}.txt`,
        // Every line different, so a passage stored twice cannot be mistaken for repeated text.
        `Notice ${i}\n\n${Array.from({ length: 400 }, (_, j) => `Rule ${i}.${j}: the ward office opens from 7:30 to 17:00 on weekdays.`).join(" ")}`,
      ]);
      const ids = await upload(a!.baseUrl, access, files);
      const first = workers[0]!;
      // The moment the worker holds an ingestion job, it dies (the machine is gone: no shutdown).
      await expect
        .poll(
          async () =>
            (
              await sqlAt<{ n: number }>(
                a!.baseUrl,
                "select count(*)::int as n from pgboss.job where state = 'active' and name like 'ingest%'",
              )
            )[0]!.n,
          { timeout: 30_000, interval: 20 },
        )
        .toBeGreaterThan(0);
      await first.kill();
      const unfinished = (await statuses(a!.baseUrl, access)).filter((d) => d.status === "processing").length;
      console.log(`[multi-instance] worker killed with ${unfinished} of ${ids.length} documents unfinished`);
      expect(unfinished).toBeGreaterThan(0);
      workers.shift();
      workers.push(await startTestWorker({ databaseUrl, env }));
      await expect
        .poll(
          async () => (await statuses(a!.baseUrl, access)).filter((d) => d.status === "processing").length,
          {
            timeout: 120_000,
            interval: 500,
          },
        )
        .toBe(0);
      const final = await statuses(a!.baseUrl, access);
      expect(final).toHaveLength(ids.length);
      for (const d of final) if (d.status === "failed") expect(d.error).toBeTruthy();
      const twice = await sqlAt<{ n: number }>(
        a!.baseUrl,
        `select count(*)::int as n from (select document_id, content from passages
         where document_id = any($1::uuid[]) group by 1, 2 having count(*) > 1) d`,
        [ids],
      );
      expect(twice[0]!.n).toBe(0);
    }, 240_000);

    it("SIGTERM on A ends its open answer cleanly; the visitor's retry on B is answered", async () => {
      const [a, b] = servers;
      useChatServer(a!.baseUrl);
      const agent = await trainedAgent({
        model: MOCK_MODELS.slow,
        texts: [
          {
            title: "Delivery",
            content:
              "We deliver free of charge within 5 km for orders over 200,000 VND. Delivery takes about 45 minutes.",
          },
        ],
      });
      const v = new Visitor();
      const long =
        "Delivery takes about 45 minutes. We deliver free of charge within 5 km for orders over 200,000 VND, so delivery takes about 45 minutes [1].";
      const question = `How long does delivery take? SAY: ${long}`;
      const res = await v.stream(agent.agentId, question);
      let terminated: Promise<void> | undefined;
      const events = await readEvents(res, (e) => {
        if (e.event === "delta" && !terminated) terminated = a!.terminate();
        return undefined;
      });
      await terminated;
      expect(events.at(-1)!.event).toBe("error");
      expect((events.at(-1)!.data as { error: { detail: string } }).error.detail).toBe(
        en.errors.server_restarting,
      );
      const conversationId = (events[0]!.data as { conversation_id: string }).conversation_id;
      useChatServer(b!.baseUrl);
      const again = await readEvents(await v.stream(agent.agentId, question, { conversationId }));
      expect(again.at(-1)!.event).toBe("done");
      expect((again.at(-1)!.data.message as Message).content).toBe(long);
    }, 120_000);
  });
