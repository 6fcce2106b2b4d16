import "server-only";
import { foldForSearch, searchTerms } from "./fold";

export type ChatTurn = { role: "user" | "assistant"; content: string };

// Folded openings and endings that lean on the previous question ("and on Sunday?", "còn chủ nhật thì
// sao?", "thế còn giá?"). Longest first, so "what about" is stripped whole rather than "what" alone.
// Not "the" (English article and Vietnamese "thế") nor "thế nào" ("như thế nào?" asks on its own).
const LEADING = [
  "what about",
  "how about",
  "and what about",
  "and how about",
  "and",
  "also",
  "but",
  "then",
  "what if",
  "the con",
  "vay con",
  "con",
  "vay",
  "con ve",
  "va",
  "nhung",
].sort((a, b) => b.length - a.length);
const TRAILING = [
  "thi sao",
  "thi the nao",
  "nua khong",
  "nua",
  "thi",
  "then",
  "too",
  "as well",
  "instead",
].sort((a, b) => b.length - a.length);

/** A question this short (in searchable words) cannot stand alone when a conversation came before it. */
const SHORT_WORDS = 3;

/** The question without its follow-up opening and ending, folded: what it adds to the previous one. */
export function followUpCore(question: string): { core: string; marked: boolean } {
  let text = ` ${foldForSearch(question)} `;
  let marked = false;
  for (const m of LEADING) {
    if (text.startsWith(` ${m} `)) {
      text = text.slice(m.length + 1);
      marked = true;
      break;
    }
  }
  for (const m of TRAILING) {
    if (text.endsWith(` ${m} `)) {
      text = text.slice(0, text.length - m.length - 1);
      marked = true;
      break;
    }
  }
  return { core: text.trim(), marked };
}

/**
 * The search query a follow-up needs: the previous question(s) with what this one adds, or null when the
 * question stands on its own (no earlier question, no follow-up marker, and long enough to mean something).
 */
export function followUpQuery(question: string, history: ChatTurn[]): string | null {
  const { core, marked } = followUpCore(question);
  if (!marked && searchTerms(question).length > SHORT_WORDS) return null;
  const earlier = history.filter((t) => t.role === "user" && t.content.trim()).map((t) => t.content);
  const previous = earlier.at(-1);
  if (!previous) return null;
  // A chain of follow-ups ("and Sunday?" then "and the price?") still needs the question that started it.
  const before = earlier.at(-2);
  const anchor =
    before && isFollowUp(previous)
      ? `${followUpCore(before).core} ${followUpCore(previous).core}`
      : followUpCore(previous).core;
  return `${anchor} ${core}`.trim();
}

function isFollowUp(question: string): boolean {
  const { marked } = followUpCore(question);
  return marked || searchTerms(question).length <= SHORT_WORDS;
}

/**
 * A follow-up that names its subject by a pronoun ("how long does that take for one patient?"), read with
 * the subject carried over: the previous question's words with this one's, folded. Null with no earlier
 * question.
 */
export function carriedSubjectQuery(question: string, history: ChatTurn[]): string | null {
  const previous = history.filter((t) => t.role === "user" && t.content.trim()).at(-1)?.content;
  if (!previous) return null;
  const query = `${followUpCore(previous).core} ${foldForSearch(question)}`.trim();
  return query || null;
}
