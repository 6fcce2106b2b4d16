// Not server-only: the route contracts (lib/contracts/fields.ts), which the browser's API client imports,
// clean strings with it.

/**
 * Text hygiene at the boundary (SEC-3): every string a request brings (JSON, GraphQL variables and arguments,
 * query strings, file names) goes through here before any schema or query sees it.
 *
 * - NUL breaks Postgres text (it refuses 0x00, which answered 500) and the other C0/C1 controls and DEL
 *   are invisible, so they go; tab and newline are kept, and CR becomes a newline (CRLF one newline), so
 *   a text reads the same whatever platform pasted it.
 * - Bidi overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069) reorder what follows them on
 *   screen ("report\u202Efdp.txt" shows as "reporttxt.pdf"). English and Vietnamese never need them and a
 *   message is shown as a title in the history list too, so they go from every text.
 * - Lone surrogates (valid in a JSON escape, not in UTF-8) become U+FFFD instead of reaching the database.
 * - NFC, because Vietnamese typed on macOS may arrive decomposed and search and comparisons expect NFC.
 *
 * Names and titles (one line) also lose the invisible direction marks (U+200E, U+200F, U+061C) and any
 * line breaks, and their spaces collapse.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Any text from a request: no controls but tab and newline, no bidi overrides, well formed, NFC. */
export function cleanText(raw: string): string {
  return raw
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS, "")
    .replace(BIDI_CONTROLS, "")
    .normalize("NFC");
}

/** A name or title: cleaned, one line, no direction marks, single spaces, trimmed. */
export function cleanLine(raw: string): string {
  return cleanText(raw).replace(DIRECTION_MARKS, "").replace(/\s+/g, " ").trim();
}

/**
 * Every string in a parsed JSON value cleaned (keys too), without recursion: a 64 KB body of "[[[[…"
 * nests deeper than the call stack allows. Values are rebuilt, the input is left untouched.
 */
export function cleanStrings(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (value === null || typeof value !== "object") return value;
  const root: { v: unknown } = { v: undefined };
  const stack: { from: unknown; put: (v: unknown) => void }[] = [{ from: value, put: (v) => (root.v = v) }];
  while (stack.length > 0) {
    const { from, put } = stack.pop()!;
    if (typeof from === "string") put(cleanText(from));
    else if (Array.isArray(from)) {
      const out: unknown[] = new Array(from.length);
      put(out);
      from.forEach((item, i) => {
        stack.push({ from: item, put: (v) => (out[i] = v) });
      });
    } else if (from !== null && typeof from === "object") {
      const out: Record<string, unknown> = {};
      put(out);
      for (const [k, item] of Object.entries(from)) {
        // Defined, not assigned: a "__proto__" key from JSON stays an ordinary key, never the prototype.
        const key = cleanText(k);
        const set = (v: unknown) =>
          Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        stack.push({ from: item, put: set });
      }
    } else put(from);
  }
  return root.v;
}

/** A request's query string with every name and value cleaned. */
export function cleanQuery(url: string | URL): URLSearchParams {
  const clean = new URLSearchParams();
  for (const [k, v] of new URL(url).searchParams) clean.append(cleanText(k), cleanText(v));
  return clean;
}

/** The longest file name kept, in characters (code points), extension included. */
export const FILE_NAME_MAX = 200;
/** An extension worth keeping when a name is shortened: short and plain ("pdf", "xlsx", "md"). */
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * A file name as shown to people and checked for its type: no folders, cleaned like a title, and
 * shortened to FILE_NAME_MAX keeping its extension (a 300-character "…report.pdf" stays a PDF).
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const clean = cleanLine(base) || "file";
  const chars = Array.from(clean);
  if (chars.length <= FILE_NAME_MAX) return clean;
  const ext = clean.match(EXTENSION)?.[0] ?? "";
  const stem = Array.from(clean.slice(0, clean.length - ext.length));
  return `${stem
    .slice(0, FILE_NAME_MAX - ext.length)
    .join("")
    .trimEnd()}${ext}`;
}

/** Length in characters as people count them (code points), not UTF-16 units: "😀" is one. */
export const charCount = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
