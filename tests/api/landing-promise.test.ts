import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { trainedAgent, Visitor } from "../helpers/chat";
import { baseUrl } from "../helpers/http";

/**
 * Issue 43 item 18: the landing page shows what the default mode does. Its demo conversation is asked for
 * real of an agent with no model and the demo's source document: the answer has the demo's frame and its
 * quoted line, word for word, in each language.
 */
const cases = {
  en: {
    messages: en,
    hours: "Monday to Saturday: 6:30 – 20:00.\n\nSunday: 7:00 – 12:00.\n\nWe close on public holidays.",
  },
  vi: {
    messages: vi,
    hours: "Thứ Hai đến thứ Bảy: 6:30 – 20:00.\n\nChủ nhật: 7:00 – 12:00.\n\nTiệm nghỉ các ngày lễ.",
  },
} as const;

const html = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe.each(["en", "vi"] as const)("the landing page's demo in %s", (lang) => {
  const { messages, hours } = cases[lang];
  const demo = messages.home.chatPreview;

  it("is an answer the built-in mode gives", async () => {
    const page = await (await fetch(`${baseUrl()}/${lang}`)).text();
    for (const text of [demo.question, demo.quote, messages.answers.quoteIntro, messages.answers.quoteNote]) {
      expect(page).toContain(html(text));
    }
    // The feature list does not promise the whole answer in the visitor's language without a model.
    expect(page).toContain(html(messages.home.features.bilingual.body));

    const agent = await trainedAgent({
      model: "builtin",
      texts: [{ title: demo.source.replace(/^[^:]+:\s*/, "").replace(/\.pdf$/, ""), content: hours }],
    });
    const answered = await new Visitor(undefined, lang).ask(agent.agentId, demo.question);
    expect(answered.status).toBe(200);
    const content = answered.body.data!.message.content;
    expect(content).toContain(messages.answers.quoteIntro);
    expect(content).toContain(demo.quote);
    expect(content).toContain(messages.answers.quoteNote);
    expect(content).not.toContain("6:30");
  });
});
