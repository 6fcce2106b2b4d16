/**
 * `text.replace(pattern, by)` as one flat string, in time linear in the text's length however many matches
 * it has. For a global `pattern` without capture groups that never matches the empty string, and a plain
 * `by` (no `$`).
 *
 * V8 hands back a global replace's result as a chain of concatenated pieces, about two links per match,
 * copied into one string only when it is next read. Megabytes with a match every other character ("A.A.A."
 * through a pattern for non-letters, "A. A. " through one for spaces) hold millions of links at once, and
 * the garbage collector walking them made a replace grow ×3–8 per doubling past 2 M characters (issue 40);
 * so did keeping many short results unread (a long line cleaned in stretches). split + join builds one flat
 * string from an array instead. It is slower on short texts (passages, questions, a stretch), where the
 * plain replace is kept and its result read at once, which flattens it.
 */
export function replaceEvery(text: string, pattern: RegExp, by: string): string {
  if (text.length >= LONG) return text.split(pattern).join(by);
  const out = text.replace(pattern, by);
  out.indexOf("\u0000");
  return out;
}

/** Above every passage and question and the stretches a long line is cleaned in. */
const LONG = 65_536;
