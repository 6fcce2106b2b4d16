import "server-only";
/**
 * Splitting a document into passages for the index. Pure and deterministic: the same sections always give
 * the same passages with the same ordinals, which is what makes re-indexing idempotent.
 */

export type Section = { heading: string | null; text: string };
export type Chunk = { ordinal: number; heading: string | null; content: string };
export type ChunkOptions = {
  /** A passage closes at a paragraph end once it has this many characters. */
  minChars?: number;
  /** No passage is longer than this (the carried-over sentence included), unless one word is. */
  maxChars?: number;
  /** The last sentence of a passage starts the next one when it is at most this long. */
  overlapChars?: number;
};

const DEFAULTS = { minChars: 800, maxChars: 1200, overlapChars: 240 };

/** A piece of text and what separated it from the piece before: a paragraph break, a line break or a space. */
type Unit = { text: string; sep: "\n\n" | "\n" | " " };

export function chunk(sections: Section[], opts: ChunkOptions = {}): Chunk[] {
  const o = { ...DEFAULTS, ...opts };
  if (o.maxChars < 50) throw new RangeError("maxChars must be at least 50");
  const minChars = Math.min(o.minChars, o.maxChars);
  const out: Chunk[] = [];
  for (const section of sections) {
    const heading = cleanHeading(section.heading);
    for (const content of pack(units(section.text, o.maxChars), minChars, o.maxChars, o.overlapChars)) {
      out.push({ ordinal: out.length, heading, content });
    }
  }
  return out;
}

function cleanHeading(heading: string | null): string | null {
  const h = heading?.normalize("NFC").replace(/\s+/g, " ").trim();
  return h ? h : null;
}

/** Paragraphs, then lines, then sentences; a sentence longer than a passage is cut between words. */
function units(text: string, max: number): Unit[] {
  const out: Unit[] = [];
  const paragraphs = text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t\u00a0]*\n+/);
  for (const paragraph of paragraphs) {
    let sep: Unit["sep"] = "\n\n";
    for (const line of paragraph.split("\n")) {
      const clean = line.replace(/[ \t\u00a0\f\v]+/g, " ").trim();
      if (!clean) continue;
      for (const sentence of sentences(clean)) {
        for (const piece of wordPieces(sentence, max)) {
          out.push({ text: piece, sep });
          sep = " ";
        }
      }
      sep = "\n";
    }
  }
  if (out[0]) out[0].sep = "\n\n";
  return out;
}

// Abbreviations whose full stop does not end a sentence (English and Vietnamese: TP. = thành phố, Q. = quận).
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "no",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "approx",
  "tp",
  "tt",
  "ts",
  "ths",
  "pgs",
  "gs",
  "bs",
  "q",
  "p",
  "tx",
]);

/** Sentence ends: . ! ? … (and runs of them) with closing quotes or brackets, followed by a space. */
export function sentences(line: string): string[] {
  const out: string[] = [];
  const end = /[.!?…]+["'”’»)\]]*(?= )/g;
  let start = 0;
  for (let m = end.exec(line); m; m = end.exec(line)) {
    const stop = m.index + m[0].length;
    if (m[0] === "." && isAbbreviation(line.slice(start, m.index))) continue;
    const s = line.slice(start, stop).trim();
    if (s) out.push(s);
    start = stop;
  }
  const rest = line.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

function isAbbreviation(before: string): boolean {
  const word = /(\S+)$/.exec(before)?.[1] ?? "";
  if (/^\p{Lu}$/u.test(word)) return true; // an initial: "J. Smith", "P. Bến Nghé"
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** Cuts an over-long sentence at spaces; only a single word longer than `max` is ever cut inside. */
function wordPieces(sentence: string, max: number): string[] {
  if (sentence.length <= max) return [sentence];
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(" ", max);
    if (cut <= 0) cut = max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

function pack(list: Unit[], min: number, max: number, overlap: number): string[] {
  const out: string[] = [];
  let current: Unit[] = [];
  let length = 0;
  // Units of `current` that were carried over from the previous passage: a passage of only those is not emitted.
  let carried = 0;
  const joinedLength = (u: Unit) => (current.length ? u.sep.length : 0) + u.text.length;
  const emit = () => {
    if (current.length > carried) out.push(current.map((u, i) => (i ? u.sep : "") + u.text).join(""));
    const last = current[current.length - 1];
    current = [];
    length = 0;
    carried = 0;
    // One sentence of overlap keeps a fact that straddles the cut findable from either side.
    if (last && out.length && last.text.length <= overlap && !last.text.includes("\n")) {
      current = [{ ...last }];
      length = last.text.length;
      carried = 1;
    }
  };
  for (const unit of list) {
    if (current.length > carried && length >= min && unit.sep === "\n\n") emit();
    if (current.length && length + joinedLength(unit) > max) {
      emit();
      // The carried sentence must not push the next one over the limit.
      if (current.length && length + joinedLength(unit) > max) {
        current = [];
        length = 0;
        carried = 0;
      }
    }
    length += joinedLength(unit);
    current.push(unit);
  }
  if (current.length > carried) emit();
  return out;
}
