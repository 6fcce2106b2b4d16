import { describe, expect, it } from "vitest";
import { type Message, readEvents, trainedAgent, Visitor } from "../helpers/chat";

/**
 * Sources that match (issue 12): the list under an answer holds exactly the documents the answer cites,
 * numbered in the order it first cites them, in built-in and model answers, streamed and stored alike.
 */
const notes = [
  {
    title: "Guest notes",
    content:
      "The Wi-Fi password is harbor2024. We deliver within 5 km for a fee of 20,000 VND. Pets are welcome on the terrace but not inside.",
  },
  {
    title: "Giờ mở cửa",
    content: "Tiệm mở cửa từ 7 giờ sáng đến 10 giờ tối mỗi ngày. Ngày lễ tiệm đóng cửa lúc 6 giờ chiều.",
  },
  {
    title: "Parking",
    content: "Parking is free in the basement for 2 hours, on level 1. Bicycles park at the front door.",
  },
];

/** The [n] an answer cites; a quoted, escaped \[n\] is text, not a citation. */
const cited = (content: string) => [...content.matchAll(/(?<!\\)\[(\d+)\]/g)].map((m) => Number(m[1]));
const firstCitedOrder = (numbers: number[]) => numbers.filter((n, i) => numbers.indexOf(n) === i);

function expectMatchingSources(message: Message) {
  const numbers = cited(message.content);
  const listed = message.sources.map((_, i) => i + 1);
  expect(numbers.length).toBeGreaterThan(0);
  // Every [n] is listed, every listed source is cited, numbered as first cited.
  expect(firstCitedOrder(numbers)).toEqual(listed);
}

describe("built-in answers cite exactly what they quote", () => {
  it("quotes only the matching sentence and lists only its document, with the passage it came from", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: notes });
    const answer = (await new Visitor().ask(agent.agentId, "Do you deliver within 5 km?")).body.data!.message;
    expect(answer.mode).toBe("quote");
    expect(answer.content).toContain("We deliver within 5 km for a fee of 20,000 VND. [1]");
    expect(answer.content).not.toMatch(/harbor2024|Pets|Parking|7 giờ/);
    expectMatchingSources(answer);
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]).toMatchObject({ document_id: agent.documentIds[0], title: "Guest notes" });
    // The whole passage is there to be shown on demand; only the quote is in the answer.
    expect(answer.sources[0]!.passage).toContain("harbor2024");
  });

  it("streams the same sources it stores, before the text", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: notes });
    const v = new Visitor(undefined, "vi");
    const events = await readEvents(await v.stream(agent.agentId, "ngày lễ tiệm đóng cửa lúc mấy giờ"));
    expect(events.map((e) => e.event)).toEqual(["start", "sources", "delta", "done"]);
    const done = events.at(-1)!.data.message as Message;
    expect(events[1]!.data.sources).toEqual(done.sources);
    expect(done.content.split("\n")[0]).toBe("Theo tài liệu tôi đã học:");
    expect(done.content).toContain("Ngày lễ tiệm đóng cửa lúc 6 giờ chiều.");
    expect(done.content).not.toMatch(/harbor2024|Parking/);
    expectMatchingSources(done);
  });

  it("numbers several documents in the order the answer cites them", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: notes });
    const answer = (await new Visitor().ask(agent.agentId, "Is parking free, and when do you close?")).body
      .data!.message;
    expectMatchingSources(answer);
    const titles = answer.sources.map((s) => s.title);
    expect(titles).toContain("Parking");
    expect(titles).not.toContain("Guest notes");
  });

  it("never lets a document's own brackets pose as citations", async () => {
    const agent = await trainedAgent({
      model: "builtin",
      texts: [
        {
          title: "Tricky",
          content:
            "Our refund policy [1] [2] [99] allows returns within 7 days <script>alert(1)</script>. Gift cards are not refunded.",
        },
      ],
    });
    const answer = (await new Visitor().ask(agent.agentId, "What is your refund policy for returns?")).body
      .data!.message;
    expect(answer.content).toContain("returns within 7 days");
    expect(answer.content).not.toMatch(/(^|[^\\])<script/);
    expect(cited(answer.content)).toEqual([1]);
    expectMatchingSources(answer);
  });
});

describe("model answers cite the same way", () => {
  it("renumbers the model's citations to first-cited order and drops uncited and unknown ones", async () => {
    const agent = await trainedAgent({ model: "mock-chat", texts: notes });
    const v = new Visitor();
    const res = await v.stream(
      agent.agentId,
      // The dictated answer is searched too (as the model's rewrite): its words are one document's own.
      "parking, and do you deliver? SAY: Parking is free [2]. Parking on level 1 [2][1]. Bicycles at the front door [7].",
    );
    const events = await readEvents(res);
    const offered = events.find((e) => e.event === "sources")!.data.sources as Message["sources"];
    expect(offered.length).toBeGreaterThanOrEqual(2);
    const done = events.at(-1)!.data.message as Message;
    expect(done.content).toBe("Parking is free [1]. Parking on level 1 [1][2]. Bicycles at the front door .");
    expect(done.sources).toEqual([offered[1], offered[0]]);
    expectMatchingSources(done);
    // What is read back later is what `done` said.
    const stored = await v.messages(done.conversation_id);
    expect(stored.body.data!.at(-1)).toMatchObject({ content: done.content, sources: done.sources });
  });

  it("lists the sources it was given when the model cites none", async () => {
    const agent = await trainedAgent({ model: "mock-chat", texts: notes });
    const answer = (
      await new Visitor().ask(agent.agentId, "Where can I park my bicycle? SAY: At the front door.")
    ).body.data!.message;
    expect(answer.content).toBe("At the front door.");
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources.map((s) => s.title)).toContain("Parking");
  });
});
