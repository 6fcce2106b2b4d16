import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import { type Message, readEvents, trainedAgent, useChatServer, Visitor } from "../helpers/chat";
import { oidcEnv } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { MOCK_MODELS, type OpenAiPeer, startOpenAiPeer } from "../peers/openai";

/**
 * OPS-3, graceful shutdown: a server of this file's own, whose model writes slowly (150 ms a token). SIGTERM
 * while an answer is being written: an answer that fits in the grace period is finished; one that does not is
 * ended with the translated "server is restarting" event, the stream closing cleanly, the process exiting; the
 * same question sent again to the next server (on the same data) is answered, with no question stored twice.
 * SIGKILL mid-answer: the question sent again is answered without spending a second message of the month.
 */
let llm: OpenAiPeer;
let server: TestServer | undefined;

// One secret for the instance and its successor: the visitor's signed cookie must hold across them.
const secret = randomBytes(32).toString("hex");
const env = (grace: number) => ({
  SESSION_SECRET: secret,
  ...oidcEnv(),
  LLM_BASE_URL: llm.baseUrl,
  LLM_MODELS: MOCK_MODELS.slow,
  LLM_TIMEOUT_SECONDS: "8",
  SHUTDOWN_GRACE_SECONDS: String(grace),
});

beforeAll(async () => {
  llm = await startOpenAiPeer();
});
afterAll(async () => {
  useChatServer(undefined);
  await server?.stop();
  await llm?.stop();
});

/** Reads an answer's events; at its first words the orchestrator stops the instance answering it. */
async function readWhileStopping(res: Response, instance: TestServer) {
  let terminated: Promise<void> | undefined;
  const events = await readEvents(res, (e) => {
    if (e.event === "delta" && !terminated) terminated = instance.terminate();
    return undefined;
  });
  await terminated;
  return events;
}

const bakery = [
  {
    title: "Delivery",
    content:
      "We deliver free of charge within 5 km for orders over 200,000 VND. Delivery takes about 45 minutes.",
  },
];
const LONG =
  "Delivery takes about 45 minutes. We deliver free of charge within 5 km for orders over 200,000 VND, so delivery takes about 45 minutes [1].";

describe("a server stopped while an answer is being written", () => {
  it("SIGTERM: ends an answer that outlasts the grace period with a translated event; the retry on the next server is answered once", async () => {
    server = await startTestServer({ env: env(1) });
    useChatServer(server.baseUrl);
    const agent = await trainedAgent({ model: MOCK_MODELS.slow, texts: bakery });
    const v = new Visitor();
    const question = `How long does delivery take? SAY: ${LONG}`;
    const res = await v.stream(agent.agentId, question);
    expect(res.status).toBe(200);
    const first = server;
    const events = await readWhileStopping(res, first);
    const last = events.at(-1)!;
    expect(last.event).toBe("error");
    expect((last.data as { error: { detail: string } }).error.detail).toBe(en.errors.server_restarting);
    expect(events.some((e) => e.event === "done")).toBe(false);
    const conversationId = (events[0]!.data as { conversation_id: string }).conversation_id;

    // The next instance, on the same data: the visitor sends the same question again.
    server = await startTestServer({
      env: env(1),
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    useChatServer(server.baseUrl);
    const again = await v.stream(agent.agentId, question, { conversationId });
    expect(again.status).toBe(200);
    const answered = await readEvents(again);
    expect(answered.at(-1)!.event).toBe("done");
    const done = answered.at(-1)!.data.message as Message;
    expect(done).toMatchObject({ status: "complete", content: LONG });
    const stored = await v.messages(conversationId);
    expect(stored.body.data!.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
  }, 120_000);

  it("SIGKILL: the question sent again to the next server is answered on the message its first request spent", async () => {
    // The previous test's last instance (a fresh one when run alone).
    server ??= await startTestServer({ env: env(1) });
    useChatServer(server.baseUrl);
    const agent = await trainedAgent({ model: MOCK_MODELS.slow, texts: bakery });
    const used = async (base: string) =>
      (
        await sqlAt<{ used: number }>(
          base,
          `select coalesce(sum(m.used), 0)::int as used from message_allowance m
           join agents a on a.owner_id = m.owner_id where a.public_id = $1`,
          [agent.agentId],
        )
      )[0]!.used;
    const v = new Visitor();
    const question = `How long does delivery take? SAY: ${LONG}`;
    const res = await v.stream(agent.agentId, question);
    expect(res.status).toBe(200);
    const first = server;
    let conversationId = "";
    let killed: Promise<void> | undefined;
    // The answer is under way: the process is killed, nothing of the answer stored, the month's message spent.
    await readEvents(res, (e) => {
      if (e.event === "start") conversationId = (e.data as { conversation_id: string }).conversation_id;
      if (e.event === "delta" && !killed) killed = first.kill();
      return undefined;
    }).catch(() => []);
    await killed;
    expect(conversationId).not.toBe("");

    server = await startTestServer({
      env: env(1),
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    useChatServer(server.baseUrl);
    expect(await used(server.baseUrl)).toBe(1);
    const again = await readEvents(await v.stream(agent.agentId, question, { conversationId }));
    expect(again.at(-1)!.event).toBe("done");
    expect((await v.messages(conversationId)).body.data!.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    // One question, one answer delivered: one message of the month, not two.
    expect(await used(server.baseUrl)).toBe(1);
  }, 120_000);

  it("SIGTERM: lets an answer that fits in the grace period finish before the process exits", async () => {
    await server?.stop();
    server = await startTestServer({ env: env(30) });
    useChatServer(server.baseUrl);
    const agent = await trainedAgent({ model: MOCK_MODELS.slow, texts: bakery });
    const v = new Visitor();
    const res = await v.stream(agent.agentId, `How long does delivery take? SAY: ${LONG}`);
    const first = server;
    const events = await readWhileStopping(res, first);
    expect(events.at(-1)!.event).toBe("done");
    expect((events.at(-1)!.data.message as Message).content).toBe(LONG);
    // Stopped: no new connection is taken.
    await expect(fetch(`${first.baseUrl}/api/health`)).rejects.toThrow();
  }, 120_000);
});
