import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { PlanLimits } from "@/lib/billing/plan-limits";
import type { AddResult, Rejection } from "@/lib/contracts/training";
import type { Db } from "@/lib/db/client";
import type { DocumentType } from "@/lib/db/schema";
import { cleanLine } from "@/lib/http/text-hygiene";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { checkSite, crawlMessage } from "@/lib/ingest/crawl";
import { detectType } from "@/lib/ingest/parse";
import { agentUsage } from "@/lib/limits/agent-usage";
import { documentKey, type FileStore } from "@/lib/storage/store";
import { planReason, reasonText, upgradePath } from "./agent-limits";
import { type DocumentListItem, hashesKnown, insertDocument, toListItem } from "./documents";
import { defaultRecrawl } from "./recrawl-schedule";
import type { UploadedFile, UploadRejection } from "./upload";

export type { AddResult, Rejection } from "@/lib/contracts/training";

/** What adding needs from its surroundings; the route supplies the real ones, tests their own. */
export type AddContext = {
  db: Db;
  agentId: string;
  locale: Locale;
  store: FileStore;
  /** Queues the learning of a document just stored: its size and type decide how soon (schedule.ts). */
  enqueue: (doc: { id: string; type: DocumentType; size: number }) => Promise<void>;
  maxFileBytes: number;
  /** The owner's plan (`currentLimits`): documents and characters per agent are checked against it. */
  limits: PlanLimits;
};

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A translated message for an error key under `errors.`. */
export function errorText(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return translate(locale, `errors.${key}`, values);
}

/**
 * What the plan still lets this agent add, as far as is known before learning: a slot per document, and
 * characters left (a file's count is known only once it is read, so a file needs only some room left).
 * Null when there is room; otherwise the refusal, naming the plan and its limit.
 */
export class PlanRoom {
  private documentsLeft: number;
  private charactersLeft: number;
  private readonly ctx: AddContext;
  private constructor(ctx: AddContext, documentsLeft: number, charactersLeft: number) {
    this.ctx = ctx;
    this.documentsLeft = documentsLeft;
    this.charactersLeft = charactersLeft;
  }

  static async of(ctx: AddContext): Promise<PlanRoom> {
    const usage = await agentUsage(ctx.db, ctx.agentId);
    return new PlanRoom(
      ctx,
      ctx.limits.documentsPerAgent - usage.documents,
      ctx.limits.charactersPerAgent - usage.characters,
    );
  }

  /** Takes a slot for one document of `characters` (0 when not known yet), or says why not. */
  take(name: string, characters = 0): Rejection | null {
    const l = this.ctx.limits;
    if (this.documentsLeft <= 0)
      return this.refusal(name, planReason("limit_documents", l, l.documentsPerAgent));
    if (this.charactersLeft <= 0 || characters > this.charactersLeft)
      return this.refusal(name, planReason("limit_characters", l, l.charactersPerAgent));
    this.documentsLeft--;
    this.charactersLeft -= characters;
    return null;
  }

  private refusal(name: string, reason: string): Rejection {
    return { name, message: reasonText(this.ctx.locale, reason), upgrade_url: upgradePath(this.ctx.locale) };
  }
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
  const room = await PlanRoom.of(ctx);
  for (const c of candidates) {
    if (known.has(c.hash) || seen.has(c.hash)) {
      rejected.push({ name: c.file.name, message: errorText(ctx.locale, "files_duplicate") });
      continue;
    }
    const refused = room.take(c.file.name);
    if (refused) {
      rejected.push(refused);
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
  // A snippet's length is known now: what would go past the agent's characters is refused at once.
  const refused = (await PlanRoom.of(ctx)).take(title, [...text].length);
  if (refused) return { accepted: [], rejected: [refused] };
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
    const refused = errorText(ctx.locale, "site_refused");
    const reason = errorText(ctx.locale, why.key, why.values);
    // The spec's sentence once: an invalid or unreachable address has no more to say than it.
    return { message: reason === refused ? refused : `${refused} ${reason}` };
  }
  const hash = sha256(`url:${checked.url}`);
  const name = checked.url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  if ((await hashesKnown(ctx.db, ctx.agentId, [hash])).size > 0) {
    return { accepted: [], rejected: [{ name, message: errorText(ctx.locale, "site_duplicate") }] };
  }
  const refused = (await PlanRoom.of(ctx)).take(name);
  if (refused) return { accepted: [], rejected: [refused] };
  const row = await insertDocument(ctx.db, {
    agentId: ctx.agentId,
    type: "url",
    name,
    size: 0,
    contentHash: hash,
    sourceUrl: checked.url,
    recrawl: defaultRecrawl(ctx.limits.plan),
  });
  if (!row) return { accepted: [], rejected: [{ name, message: errorText(ctx.locale, "site_duplicate") }] };
  await ctx.enqueue(row);
  return { accepted: [toListItem(row, ctx.locale)], rejected: [] };
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
  await ctx.enqueue(row);
  return toListItem(row, ctx.locale);
}
