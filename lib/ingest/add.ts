import { createHash, randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { DocumentType } from "@/lib/db/schema";
import { cleanLine } from "@/lib/http/text-hygiene";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { checkSite, crawlMessage } from "@/lib/ingest/crawl";
import { detectType } from "@/lib/ingest/parse";
import { documentKey, type FileStore } from "@/lib/storage/store";
import { type DocumentListItem, hashesKnown, insertDocument, toListItem } from "./documents";
import type { UploadedFile, UploadRejection } from "./upload";

export type Rejection = { name: string; message: string; detail?: string };
export type AddResult = { accepted: DocumentListItem[]; rejected: Rejection[] };

/** What adding needs from its surroundings; the route supplies the real ones, tests their own. */
export type AddContext = {
  db: Db;
  agentId: string;
  locale: Locale;
  store: FileStore;
  enqueue: (documentId: string) => Promise<void>;
  maxFileBytes: number;
};

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A translated message for an error key under `errors.`. */
export function errorText(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return translate(locale, `errors.${key}`, values);
}

/**
 * AGENT-2: files checked one by one before anything is stored: size (already while streaming), type by
 * extension AND bytes, duplicates within the batch and against what the agent already has. Each refusal
 * says why in the owner's language; the rest of the batch goes in.
 */
export async function addFiles(
  ctx: AddContext,
  files: UploadedFile[],
  uploadRejections: UploadRejection[],
): Promise<AddResult> {
  const rejected: Rejection[] = uploadRejections.map((r) => ({
    name: r.name,
    message:
      r.reason === "too_large"
        ? errorText(ctx.locale, "files_too_large", { max: Math.round(ctx.maxFileBytes / 1024 / 1024) })
        : errorText(ctx.locale, "files_too_many"),
  }));
  const candidates: { file: UploadedFile; type: DocumentType; hash: string }[] = [];
  for (const file of files) {
    const detected = detectType(file.name, file.bytes);
    if (!detected.ok) {
      rejected.push({
        name: file.name,
        message: errorText(ctx.locale, `ingest_${detected.error}`, detected.params ?? {}),
        detail: detected.detail,
      });
      continue;
    }
    candidates.push({ file, type: detected.type, hash: sha256(file.bytes) });
  }
  const known = await hashesKnown(
    ctx.db,
    ctx.agentId,
    candidates.map((c) => c.hash),
  );
  const seen = new Set<string>();
  const accepted: DocumentListItem[] = [];
  for (const c of candidates) {
    if (known.has(c.hash) || seen.has(c.hash)) {
      rejected.push({ name: c.file.name, message: errorText(ctx.locale, "files_duplicate") });
      continue;
    }
    seen.add(c.hash);
    const doc = await store(ctx, {
      type: c.type,
      name: c.file.name,
      bytes: c.file.bytes,
      hash: c.hash,
    });
    if (doc) accepted.push(doc);
    else rejected.push({ name: c.file.name, message: errorText(ctx.locale, "files_duplicate") });
  }
  return { accepted, rejected };
}

/** AGENT-3: a named snippet is learned like a small text file. */
export async function addText(ctx: AddContext, title: string, content: string): Promise<AddResult> {
  const text = content.normalize("NFC");
  const bytes = new TextEncoder().encode(text);
  const hash = sha256(`text:${text}`);
  if ((await hashesKnown(ctx.db, ctx.agentId, [hash])).size > 0) {
    return { accepted: [], rejected: [{ name: title, message: errorText(ctx.locale, "files_duplicate") }] };
  }
  const doc = await store(ctx, { type: "text", name: cleanLine(title), bytes, hash });
  return doc
    ? { accepted: [doc], rejected: [] }
    : { accepted: [], rejected: [{ name: title, message: errorText(ctx.locale, "files_duplicate") }] };
}

export type SiteRefusal = { message: string };

/**
 * AGENT-4: the address is checked now (it must be public and answer with a page); the crawl itself runs
 * in the background. A refused address is the spec's 'Something went wrong. Please enter a different URL.'
 */
export async function addWebsite(
  ctx: AddContext,
  url: string,
  allowPrivate: boolean,
): Promise<AddResult | SiteRefusal> {
  const checked = await checkSite(url, { allowPrivate });
  if (!checked.ok) {
    const why = crawlMessage(checked.error);
    return {
      message: `${errorText(ctx.locale, "site_refused")} ${errorText(ctx.locale, why.key, why.values)}`,
    };
  }
  const hash = sha256(`url:${checked.url}`);
  const name = checked.url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  if ((await hashesKnown(ctx.db, ctx.agentId, [hash])).size > 0) {
    return { accepted: [], rejected: [{ name, message: errorText(ctx.locale, "site_duplicate") }] };
  }
  const row = await insertDocument(ctx.db, {
    agentId: ctx.agentId,
    type: "url",
    name,
    size: 0,
    contentHash: hash,
    sourceUrl: checked.url,
  });
  if (!row) return { accepted: [], rejected: [{ name, message: errorText(ctx.locale, "site_duplicate") }] };
  await ctx.enqueue(row.id);
  return { accepted: [toListItem(row, (k) => errorText(ctx.locale, k))], rejected: [] };
}

/**
 * Keeps the original first, then the row: a row always has its file. A row that does not go in, refused
 * by the unique index (the same file arriving twice at once) or by the database for any reason, takes
 * its file back out, so a failure never leaves a file without its row either.
 */
async function store(
  ctx: AddContext,
  item: { type: DocumentType; name: string; bytes: Uint8Array; hash: string },
): Promise<DocumentListItem | null> {
  const id = randomUUID();
  const key = documentKey(ctx.agentId, id);
  await ctx.store.put(key, item.bytes);
  let row: Awaited<ReturnType<typeof insertDocument>>;
  try {
    row = await insertDocument(ctx.db, {
      id,
      agentId: ctx.agentId,
      type: item.type,
      name: item.name,
      size: item.bytes.length,
      contentHash: item.hash,
      storageKey: key,
    });
  } catch (err) {
    await ctx.store.delete(key).catch(() => {});
    throw err;
  }
  if (!row) {
    await ctx.store.delete(key);
    return null;
  }
  await ctx.enqueue(row.id);
  return toListItem(row, (k) => errorText(ctx.locale, k));
}
