import "server-only";

/**
 * Cutting a line into sentences, in one pass: every character is looked at a bounded number of times, so
 * the time is linear in the line's length whatever it holds (a file of "A. " repeated, a run of dots, a
 * line with no space at all). A regular expression or a search over the text so far per full stop made it
 * quadratic: a 500 KB file of initials held the server for 89 s (issue 40).
 */

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
/** Longer than every abbreviation and than any initial (one code point, two UTF-16 units at most). */
const LONGEST_ABBREVIATION = 8;

const ENDS = new Set([".", "!", "?", "…"]);
const CLOSERS = new Set(['"', "'", "”", "’", "»", ")", "]"]);

/** JavaScript's `\s`: what `trim()` removes and `\S` does not match. */
export function isSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13) || code === 0xa0) return true;
  if (code < 0x1680) return false;
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Sentence ends: . ! ? … (and runs of them) with closing quotes or brackets, followed by a space. A lone
 * full stop after an initial ("J. Smith", "P. Bến Nghé") or an abbreviation ("Dr.", "TP.") does not end one.
 */
export function sentences(line: string): string[] {
  const out: string[] = [];
  for (const s of sentencesOf(line)) if (s !== PAUSE) out.push(s);
  return out;
}

/** Marks a point where a caller may let other work run (see chunkInTurns). */
export const PAUSE = null;
/** Characters read between two pauses. */
export const STRETCH = 32_768;

/** The sentences of `line` one by one, with a PAUSE every STRETCH characters read. */
export function* sentencesOf(line: string): Generator<string | typeof PAUSE, void, undefined> {
  let start = 0;
  let i = 0;
  let paused = 0;
  while (i < line.length) {
    if (i - paused >= STRETCH) {
      paused = i;
      yield PAUSE;
    }
    if (!ENDS.has(line[i]!)) {
      i++;
      continue;
    }
    const at = i;
    while (i < line.length && ENDS.has(line[i]!)) i++;
    const endsRun = i;
    while (i < line.length && CLOSERS.has(line[i]!)) i++;
    // Only a space after the whole run makes it an end; the scan goes on from here either way.
    if (line.charCodeAt(i) !== 32) continue;
    if (i - at === 1 && endsRun - at === 1 && line[at] === "." && isAbbreviation(line, start, at)) continue;
    const s = line.slice(start, i).trim();
    if (s) yield s;
    start = i;
  }
  const rest = line.slice(start).trim();
  if (rest) yield rest;
}

/** Whether the word just before the full stop at `stop` (not reaching back past `from`) is an abbreviation. */
function isAbbreviation(line: string, from: number, stop: number): boolean {
  let begin = stop;
  // Only the last few characters are read: a word longer than any abbreviation is none.
  while (begin > from && stop - begin <= LONGEST_ABBREVIATION && !isSpace(line.charCodeAt(begin - 1)))
    begin--;
  if (stop - begin > LONGEST_ABBREVIATION) return false;
  const word = line.slice(begin, stop);
  if (/^\p{Lu}$/u.test(word)) return true; // an initial
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * Cuts an over-long sentence at spaces; only a single word longer than `max` is ever cut inside. Each
 * piece looks back for its space over at most `max` characters, so a text without spaces costs no more
 * than one with them.
 */
export function* wordPieces(sentence: string, max: number): Generator<string, void, undefined> {
  if (sentence.length <= max) {
    yield sentence;
    return;
  }
  let pos = 0;
  while (sentence.length - pos > max) {
    let cut = pos + max;
    while (cut > pos && sentence.charCodeAt(cut) !== 32) cut--;
    if (cut <= pos) cut = pos + max;
    yield sentence.slice(pos, cut).trim();
    pos = cut;
    while (pos < sentence.length && isSpace(sentence.charCodeAt(pos))) pos++;
  }
  if (pos < sentence.length) yield sentence.slice(pos);
}
