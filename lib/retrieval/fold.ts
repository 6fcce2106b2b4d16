import "server-only";
import { replaceEvery } from "@/lib/shared/replace-every";
/**
 * Folding for search: the stored `search_text` of a passage and every query go through the same function,
 * so "thanh pho ho chi minh", "Thành phố Hồ Chí Minh" and "THÀNH PHỐ HỒ CHÍ MINH" meet on the same tokens.
 * Done in JavaScript rather than with `unaccent` because the server may not have that extension, and
 * because PGlite and Postgres must fold identically.
 */
export function foldForSearch(text: string): string {
  // Vietnamese tone marks and the horn/breve/circumflex are all combining marks after NFD.
  const bare = replaceEvery(text.normalize("NFD"), /\p{M}+/gu, "");
  // đ has no decomposition: it is its own letter, but every reader types it as d.
  const lower = replaceEvery(bare, /[đĐ]/g, "d").toLowerCase();
  // Thousand separators belong to the number: "50.000đ" and "50000" are the same price. (A replacement
  // with `$1` comes back flat from V8, unlike the others: see replaceEvery.)
  const numbers = lower.replace(/(\p{N})[.,](?=\p{N}{3}(?!\p{N}))/gu, "$1");
  return (
    replaceEvery(numbers, /[^\p{L}\p{N}]+/gu, " ")
      // Scripts whose syllables NFD splits into letters (Hangul) come back together.
      .normalize("NFC")
      .trim()
  );
}

/** The words of a folded text, in order. */
export function searchTerms(text: string): string[] {
  const folded = foldForSearch(text);
  return folded ? folded.split(" ") : [];
}

/**
 * What a passage is found by: its heading too, so a heading match finds every passage under it, and each
 * hyphenated word also written as one ("Wi-Fi" is found by "wifi" as well as "wi fi"), appended after the
 * text so the words' own order (phrases, pairs) is untouched. Changing this needs documents re-learned.
 */
export function passageSearchText(heading: string | null | undefined, content: string): string {
  const text = heading ? `${heading}\n${content}` : content;
  const compounds = new Set<string>();
  // Starting only at a word's first letter: tried from every letter, a long word without a hyphen cost
  // time in the square of its length.
  for (const m of text.matchAll(/(?<!\p{L})\p{L}+(?:-\p{L}+)+/gu))
    compounds.add(foldForSearch(m[0].replace(/-/g, "")));
  const folded = foldForSearch(text);
  return compounds.size ? `${folded} ${[...compounds].join(" ")}` : folded;
}
