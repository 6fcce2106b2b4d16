import "server-only";
import type { DocumentType } from "../../db/schema.ts";

/** The document types a parser exists for; `url` pages arrive as HTML from the crawler. */
export type ParsableType = Exclude<DocumentType, "url">;

/**
 * Why a file could not be read. Each key has a text under `errors.ingest_<key>` in both catalogues, so a
 * person sees the reason; the technical message stays in `detail` for logs and support.
 */
export const parseErrorKeys = [
  "file_empty",
  "file_too_large",
  "file_corrupt",
  "file_too_complex",
  "type_mismatch",
  "type_unsupported",
  "encoding_invalid",
  "archive_too_large",
  "too_many_entries",
  "xml_unsafe",
  "pdf_no_text",
  "pdf_encrypted",
  "pdf_too_expanded",
  "parse_timeout",
  "parse_failed",
] as const;
export type ParseErrorKey = (typeof parseErrorKeys)[number];

export type Section = { heading: string | null; text: string };

export type ParseSuccess = {
  ok: true;
  type: ParsableType;
  text: string;
  sections: Section[];
  characters: number;
  language?: "en" | "vi" | null;
  /** Set when the text was cut at `limits.maxCharacters`: what is kept is the beginning of the document. */
  truncated?: boolean;
};
/** `params` fills the placeholders of the message: {extension} for type_mismatch, {limit} for file_too_large. */
export type ParseFailure = {
  ok: false;
  error: ParseErrorKey;
  detail?: string;
  params?: Record<string, string>;
};
export type ParseResult = ParseSuccess | ParseFailure;

export type ParseLimits = {
  /** Largest input accepted, in bytes. */
  maxBytes: number;
  /** Wall clock for one parse; the worker is terminated when it runs out. */
  timeoutMs: number;
  /** V8 old-generation heap of the child process, in MB. */
  maxHeapMb: number;
  /** Resident memory of the whole child process (heap, buffers, WASM), in MB; a watchdog kills it past this. */
  maxRssMb: number;
  /** Zip formats: entries in the central directory. */
  maxEntries: number;
  /** Zip formats: total uncompressed bytes, declared and actually inflated. */
  maxUncompressedBytes: number;
  /** Zip formats: uncompressed/compressed ratio above which a large entry is taken for a bomb. */
  maxRatio: number;
  /** PDF: decoded bytes of one stream (FlateDecode and friends; images are not decoded for text). */
  maxStreamBytes: number;
  /** PDF: decoded bytes of all its streams together. */
  maxDecodedBytes: number;
  /** Characters of text kept from one document; counted while parsing, so an amplifying file stops early. */
  maxCharacters: number;
};

export const defaultLimits: ParseLimits = {
  maxBytes: 1024 * 1024,
  timeoutMs: 20_000,
  maxHeapMb: 192,
  // Two parses at most at once: 2 × 320 MB stays inside the ~800 MB an upload may add to the server.
  maxRssMb: 320,
  maxEntries: 2_000,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 200,
  // A 1 MB PDF of text decodes to a few MB; a stream of more is a bomb, not a document.
  maxStreamBytes: 16 * 1024 * 1024,
  maxDecodedBytes: 48 * 1024 * 1024,
  maxCharacters: 500_000,
};

/** Thrown inside parsers; the worker turns it into a ParseFailure. */
export class ParseError extends Error {
  // A plain field, not a parameter property: the worker runs this file with Node's type stripping.
  readonly key: ParseErrorKey;
  constructor(key: ParseErrorKey, detail?: string) {
    super(detail ?? key);
    this.name = "ParseError";
    this.key = key;
  }
}

export function fail(key: ParseErrorKey, detail?: string, params?: Record<string, string>): ParseFailure {
  const failure: ParseFailure = { ok: false, error: key };
  if (detail) failure.detail = detail;
  if (params) failure.params = params;
  return failure;
}

/** "1 MB", "512 KB": how a size limit reads in a message. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function tooLarge(size: number, limit: number): ParseFailure {
  return fail("file_too_large", `${size} bytes, limit ${limit}`, { limit: formatBytes(limit) });
}
