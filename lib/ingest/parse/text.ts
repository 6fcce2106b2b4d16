import "server-only";
import { replaceEvery } from "../../shared/replace-every.ts";
import { ParseError, type Section } from "./types.ts";

/**
 * Decodes a text file: UTF-8 (BOM optional) or UTF-16 with its BOM. Anything else is refused rather than
 * guessed, because a wrong guess turns Vietnamese into mojibake that then gets indexed.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff)
      text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (e) {
    throw new ParseError("encoding_invalid", `not UTF-8 or UTF-16 with a BOM: ${(e as Error).message}`);
  }
  if (text.includes("\u0000")) throw new ParseError("encoding_invalid", "NUL character in text");
  return text;
}

/** True when the bytes decode as text we accept (used to sniff text types without throwing). */
export function isText(bytes: Uint8Array): boolean {
  try {
    decodeText(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * NFC (so "ử" typed on macOS, NFD, matches the same word typed on Windows), control characters dropped,
 * runs of spaces collapsed, at most one blank line kept.
 */
export function tidy(text: string): string {
  // Each step through replaceEvery: a document of "A. A. " has a space to tidy every third character.
  let t = replaceEvery(text.normalize("NFC"), /\r\n?/g, "\n");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  t = replaceEvery(t, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, "");
  t = replaceEvery(t, /[^\S\n]+/g, " ");
  t = replaceEvery(t, / ?\n ?/g, "\n");
  return replaceEvery(t, /\n{3,}/g, "\n\n").trim();
}

/**
 * Tidies every section and drops empty ones. A heading with no text of its own (a chapter directly followed
 * by its first sub-heading) is carried into the next heading as "Chapter › Sub", so the context survives.
 */
export function tidySections(sections: Section[]): Section[] {
  const out: Section[] = [];
  let carried: string | null = null;
  for (const s of sections) {
    let heading = s.heading === null ? null : tidy(s.heading).replace(/\n/g, " ") || null;
    const text = tidy(s.text);
    if (carried) heading = heading ? `${carried} › ${heading}` : carried;
    if (!text) {
      carried = heading;
      continue;
    }
    carried = null;
    out.push({ heading, text });
  }
  if (carried) out.push({ heading: null, text: carried });
  return out;
}

/**
 * The sections that fit in `max` characters (headings included), the last one cut at a word where it can
 * be. What parsers already stopped early is cut here to the exact limit.
 */
export function keepFirst(sections: Section[], max: number): { sections: Section[]; cut: boolean } {
  const out: Section[] = [];
  let left = max;
  for (const s of sections) {
    // Headings and the blank lines between sections count too, as they do in `characters`.
    const overhead = (s.heading ? [...s.heading].length + 1 : 0) + (out.length > 0 ? 2 : 0);
    const chars = [...s.text];
    if (overhead + chars.length <= left) {
      out.push(s);
      left -= overhead + chars.length;
      continue;
    }
    const room = left - overhead;
    if (room > 0) {
      let text = chars.slice(0, room).join("");
      const space = text.search(/\s\S*$/);
      if (space > room * 0.8) text = text.slice(0, space);
      if (text.trim()) out.push({ heading: s.heading, text: text.trimEnd() });
    }
    return { sections: out, cut: true };
  }
  return { sections: out, cut: false };
}

const viLetters = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/giu;
const viWords =
  /\b(và|của|là|không|được|có|những|cho|với|các|một|này|trong|người|khong|cua|duoc|nhung|trong|nguoi)\b/giu;
const enWords = /\b(the|and|of|to|is|in|for|with|that|are|on|this|you|we|from|at|by)\b/gi;

/** A rough guess, enough to pick the search configuration: Vietnamese letters or words, else English words. */
export function guessLanguage(text: string): "en" | "vi" | null {
  const sample = text.slice(0, 20_000);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters < 20) return null;
  const vi =
    (sample.match(viLetters) ?? []).length / letters + (sample.match(viWords) ?? []).length / (letters / 5);
  const en = (sample.match(enWords) ?? []).length / (letters / 5);
  if (vi > 0.05 && vi >= en) return "vi";
  if (en > 0.05) return "en";
  return null;
}
