import { describe, expect, inject, it } from "vitest";
import { type Message, trainedAgent, Visitor } from "../helpers/chat";
import { peerReport } from "../helpers/peer-inspector";
import type { PeerRequest } from "../peers/openai";
import { contentText } from "../peers/openai-replies";

/**
 * Issue 42 item 1: no model round trip before the search when none is needed. A conversation's first
 * question, and one that stands on its own or that the built-in reading completes, reach the model once
 * (the answer); the sources reach the visitor before the model's first token. A follow-up that names its
 * subject only by a pronoun is searched with the previous question's subject carried over, and the model
 * rewrites it only when that finds nothing, then answers from what the rewrite found.
 */
const clinic = [
  { title: "Whitening price", content: "Teeth whitening costs 2,500,000 VND for both jaws." },
  { title: "Whitening session", content: "A teeth whitening session takes 60 minutes in the chair." },
  { title: "Implants", content: "Dental implants heal in three months before the crown is fitted." },
  { title: "Pastry van", content: "The pastry delivery van runs Monday to Saturday, never on Sunday." },
];

type Timed = { event: string; data: Record<string, unknown>; at: number };

/** The question's events as they arrive, each with the ms since the request was sent. */
async function timedEvents(v: Visitor, agentId: string, content: string, conversationId?: string) {
  const t0 = performance.now();
  const res = await v.stream(agentId, content, { conversationId });
  expect(res.status).toBe(200);
  const events: Timed[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const at = performance.now() - t0;
    for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const name = block.match(/^event: (.+)$/m)?.[1];
      const data = block.match(/^data: (.+)$/m)?.[1];
      if (name && data) events.push({ event: name, data: JSON.parse(data) as Record<string, unknown>, at });
    }
  }
  return events;
}

/** The model calls that carry this exact question: the answer (streamed) and the rewrite (not streamed). */
async function callsFor(question: string): Promise<PeerRequest[]> {
  const { requests } = await peerReport(inject("llmPeerInspector"));
  return requests.filter((r) =>
    r.messages.some((m) => {
      const text = contentText(m.content);
      return text === question || text.includes(`Question: ${question}`);
    }),
  );
}

const systemOf = (r: PeerRequest) => contentText(r.messages.find((m) => m.role === "system")?.content);

describe("a question is searched without waiting for the model when nothing needs it", () => {
  it("asks the model once for a first question, and sends the sources before its first token", async () => {
    // mock-slow waits 150 ms before each token: the gap the sources must arrive in.
    const agent = await trainedAgent({ model: "mock-slow", texts: clinic });
    const question = "Which days does the pastry delivery van run?";
    const events = await timedEvents(new Visitor(), agent.agentId, question);
    expect(events.map((e) => e.event).filter((e, i, all) => all.indexOf(e) === i)).toEqual([
      "start",
      "sources",
      "delta",
      "done",
    ]);
    const sources = events.find((e) => e.event === "sources")!;
    const firstDelta = events.find((e) => e.event === "delta")!;
    expect((sources.data.sources as { title: string }[]).map((s) => s.title)).toContain("Pastry van");
    // Sent while the model was still thinking, not in the same write as its first token.
    expect(firstDelta.at - sources.at).toBeGreaterThanOrEqual(100);
    const calls = await callsFor(question);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.stream).toBe(true);
    expect(systemOf(calls[0]!)).toContain("Monday to Saturday");
  });

  it("asks no rewrite for a self-contained question or a follow-up the built-in reading completes", async () => {
    const agent = await trainedAgent({ model: "mock-chat", texts: clinic });
    const v = new Visitor();
    const first = await timedEvents(v, agent.agentId, "How much is teeth whitening?");
    const conversationId = (first[0]!.data as { conversation_id: string }).conversation_id;
    for (const question of ["How long does a teeth whitening session take?", "and implants?"]) {
      const events = await timedEvents(v, agent.agentId, question, conversationId);
      expect(events.at(-1)!.event).toBe("done");
      const calls = await callsFor(question);
      expect(calls.map((c) => c.stream)).toEqual([true]);
    }
    // The built-in reading found the implants passage from "and implants?" alone.
    const last = (await callsFor("and implants?"))[0]!;
    expect(systemOf(last)).toContain("three months");
  });
});

describe("a follow-up that only the conversation explains", () => {
  it("is searched with the previous question's subject and answered in one model call", async () => {
    const agent = await trainedAgent({ model: "mock-chat", texts: clinic });
    const v = new Visitor();
    const first = await timedEvents(v, agent.agentId, "How much is teeth whitening?");
    const conversationId = (first[0]!.data as { conversation_id: string }).conversation_id;
    // As typed it answers nothing here ("that", "a patient"); with the previous question's subject it does.
    const question = "How long does that take in the chair for a patient?";
    const events = await timedEvents(v, agent.agentId, question, conversationId);
    const sources = events.find((e) => e.event === "sources")!;
    expect((sources.data.sources as { title: string }[]).map((s) => s.title)).toContain("Whitening session");
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect((done.data.message as Message).status).toBe("complete");
    const calls = await callsFor(question);
    expect(calls.map((c) => c.stream)).toEqual([true]);
    // The answering model reads the conversation the pronoun points into.
    expect(calls[0]!.messages.map((m) => contentText(m.content))).toContain("How much is teeth whitening?");
  });

  it("is rewritten by the model with the conversation when its own readings find nothing", async () => {
    const agent = await trainedAgent({ model: "mock-chat", texts: clinic });
    const v = new Visitor();
    const first = await timedEvents(v, agent.agentId, "Do you have a kids playground with cartoons?");
    const conversationId = (first[0]!.data as { conversation_id: string }).conversation_id;
    const question = "Where exactly is that playground inside?";
    const events = await timedEvents(v, agent.agentId, question, conversationId);
    expect(events.at(-1)!.event).toBe("done");
    const calls = await callsFor(question);
    // The rewrite call (not streamed) came first and carried the conversation the pronoun points into.
    expect(calls[0]!.stream).toBe(false);
    const prompt = contentText(calls[0]!.messages.at(-1)!.content);
    expect(prompt).toContain("Visitor: Do you have a kids playground with cartoons?");
    expect(prompt).toContain(`Question: ${question}`);
    expect(calls.filter((c) => !c.stream)).toHaveLength(1);
  });
});
