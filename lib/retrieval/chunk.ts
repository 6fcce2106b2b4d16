import "server-only";
import { replaceEvery } from "@/lib/shared/replace-every";
import { isSpace, PAUSE, STRETCH, sentencesOf, wordPieces } from "./sentences";

/**
 * Splitting a document into passages for the index. Pure and deterministic: the same sections always give
 * the same passages with the same ordinals, which is what makes re-indexing idempotent.
 *
 * Linear in the text's length (lines, sentences and pieces are each found in one pass), so the work per
 * document is bounded by the characters its plan lets it learn. `chunkInTurns` does the same work in
 * slices, handing the event loop back between them: the server answers while a large document is cut.
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
/** How long one slice of `chunkInTurns` may hold the event loop. */
const TURN_MS = 8;
/** Pieces between two chances to pause: a line of a million initials is one line. */
const PIECES_PER_STEP = 256;

/** A piece of text and what separated it from the piece before: a paragraph break, a line break or a space. */
type Unit = { text: string; sep: "\n\n" | "\n" | " " };

export function chunk(sections: Section[], opts: ChunkOptions = {}): Chunk[] {
  const steps = chunking(sections, opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** `chunk`, giving the event loop a turn every few milliseconds. */
export async function chunkInTurns(sections: Section[], opts: ChunkOptions = {}): Promise<Chunk[]> {
  const steps = chunking(sections, opts);
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since >= TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

/** The work of `chunk`, pausing (yielding) now and then; the passages are its return value. */
function* chunking(sections: Section[], opts: ChunkOptions): Generator<void, Chunk[], undefined> {
  const o = { ...DEFAULTS, ...opts };
  if (o.maxChars < 50) throw new RangeError("maxChars must be at least 50");
  const minChars = Math.min(o.minChars, o.maxChars);
  const out: Chunk[] = [];
  for (const section of sections) {
    const heading = cleanHeading(section.heading);
    const packer = new Packer(minChars, o.maxChars, o.overlapChars);
    for (const unit of units(section.text, o.maxChars)) {
      if (unit === PAUSE) yield;
      else packer.add(unit);
    }
    for (const content of packer.finish()) out.push({ ordinal: out.length, heading, content });
  }
  return out;
}

function cleanHeading(heading: string | null): string | null {
  const h = heading?.normalize("NFC").replace(/\s+/g, " ").trim();
  return h ? h : null;
}

/**
 * Paragraphs, then lines, then sentences; a sentence longer than a passage is cut between words. Read a
 * line at a time: a paragraph ends at a line of nothing but spaces, tabs and no-break spaces; a line of
 * other blanks is skipped without ending one. Lines end at \n, \r\n or \r.
 */
function* units(text: string, max: number): Generator<Unit | typeof PAUSE, void, undefined> {
  let sep: Unit["sep"] = "\n\n";
  let pieces = 0;
  for (let begin = 0; begin <= text.length; ) {
    let end = begin;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    const raw = text.slice(begin, end);
    begin = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    if (blank(raw)) {
      sep = "\n\n";
      continue;
    }
    const clean = yield* cleanLine(raw);
    if (!clean) continue;
    for (const sentence of sentencesOf(clean)) {
      if (sentence === PAUSE) {
        yield PAUSE;
        continue;
      }
      for (const piece of wordPieces(sentence, max)) {
        yield { text: piece, sep };
        sep = " ";
        if (++pieces % PIECES_PER_STEP === 0) yield PAUSE;
      }
    }
    sep = "\n";
    yield PAUSE;
  }
}

/**
 * The line in NFC with its runs of spaces made one, trimmed. A long line is done in stretches, cut just
 * before an ASCII character that follows a non-space: NFC never joins across such a point (no character
 * composes with a following ASCII one) and no run of spaces is split, so the result is the same.
 */
function* cleanLine(raw: string): Generator<typeof PAUSE, string, undefined> {
  // Flat, through replaceEvery: the stretches are kept until joined, and kept as V8's chains of pieces
  // (one per run of spaces) they made a line of "a  b" grow ×3–5 per doubling past 2 M characters.
  const clean = (s: string) => replaceEvery(s.normalize("NFC"), /[ \t\u00a0\f\v]+/g, " ");
  if (raw.length <= STRETCH) return clean(raw).trim();
  const parts: string[] = [];
  for (let from = 0; from < raw.length; ) {
    let to = Math.min(raw.length, from + STRETCH);
    while (to < raw.length && (raw.charCodeAt(to) >= 128 || isSpace(raw.charCodeAt(to - 1)))) to++;
    parts.push(clean(raw.slice(from, to)));
    from = to;
    yield PAUSE;
  }
  return parts.join("").trim();
}

/** Nothing but spaces, tabs and no-break spaces (or nothing at all): the line between two paragraphs. */
function blank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 0xa0) return false;
  }
  return true;
}

/** Gathers units into passages as they come; each unit is handled once, plus once more when carried over. */
class Packer {
  private readonly out: string[] = [];
  private current: Unit[] = [];
  private length = 0;
  // Units of `current` that were carried over from the previous passage: a passage of only those is not emitted.
  private carried = 0;
  private readonly min: number;
  private readonly max: number;
  private readonly overlap: number;

  constructor(min: number, max: number, overlap: number) {
    this.min = min;
    this.max = max;
    this.overlap = overlap;
  }

  add(unit: Unit): void {
    if (this.current.length > this.carried && this.length >= this.min && unit.sep === "\n\n") this.emit();
    if (this.current.length && this.length + this.joinedLength(unit) > this.max) {
      this.emit();
      // The carried sentence must not push the next one over the limit.
      if (this.current.length && this.length + this.joinedLength(unit) > this.max) {
        this.current = [];
        this.length = 0;
        this.carried = 0;
      }
    }
    this.length += this.joinedLength(unit);
    this.current.push(unit);
  }

  finish(): string[] {
    if (this.current.length > this.carried) this.emit();
    return this.out;
  }

  private joinedLength(u: Unit): number {
    return (this.current.length ? u.sep.length : 0) + u.text.length;
  }

  private emit(): void {
    const current = this.current;
    if (current.length > this.carried)
      this.out.push(current.map((u, i) => (i ? u.sep : "") + u.text).join(""));
    const last = current[current.length - 1];
    this.current = [];
    this.length = 0;
    this.carried = 0;
    // One sentence of overlap keeps a fact that straddles the cut findable from either side.
    if (last && this.out.length && last.text.length <= this.overlap && !last.text.includes("\n")) {
      this.current = [{ ...last }];
      this.length = last.text.length;
      this.carried = 1;
    }
  }
}

export { sentences } from "./sentences";
