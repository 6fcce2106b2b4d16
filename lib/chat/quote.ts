import { translate } from "@/lib/i18n/messages";
import { bestSnippet, type NumberedPassage } from "./sources";

/**
 * The built-in answer when no language model is configured (or the owner chose it): the best passages,
 * quoted word for word with their source numbers, framed in the visitor's language and labelled as quotes
 * so nobody mistakes them for a composed answer.
 */
const QUOTES = 3;
const QUOTE_CHARS = 420;

export function quoteAnswer(passages: NumberedPassage[], question: string, language: "en" | "vi"): string {
  const quotes = passages.slice(0, QUOTES).map((p) => {
    const text = bestSnippet(p.content, question, QUOTE_CHARS)
      // A quote is text, not markup: nothing in it may become a heading, list, link or HTML.
      .replace(/([\\`*_[\]<>#|!])/g, "\\$1");
    return `> ${text} [${p.n}]`;
  });
  return [
    translate(language, "answers.quoteIntro"),
    ...quotes,
    `_${translate(language, "answers.quoteNote")}_`,
  ].join("\n\n");
}
