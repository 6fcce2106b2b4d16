import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/events";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { type ExportState, users, workspaceExportDownloads, workspaceExports } from "@/lib/db/schema";
import { isKnownTimeZone } from "@/lib/db/time-zones";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { isLocale } from "@/lib/i18n/routing";
import { logger } from "@/lib/logger";
import { exportMail } from "@/lib/mail/export-mail";
import { sendMail } from "@/lib/mail/transport";
import type { CheckedFileStore } from "@/lib/storage/store";
import { isUuid, memberOf } from "@/lib/workspaces/current";
import { lockWorkspace, workspaceName } from "@/lib/workspaces/queries";
import { type Member, requireRole } from "@/lib/workspaces/roles";
import { writeArchive } from "./archive";
import { ZipFileWriter } from "./zip";

const log = logger("export");

/** How long a ready export's link works, and its ZIP is kept. */
export const EXPORT_HOURS = 24;
/** Exports one workspace may start in 24 hours: a few, each can be large. */
export const EXPORTS_PER_DAY = 3;
const HOUR_MS = 3600 * 1000;

export type ExportRow = typeof workspaceExports.$inferSelect;
/** What the list and the POST answer: the stored state, "expired" once the link has lapsed. */
export type ExportView = {
  id: string;
  state: ExportState | "expired";
  requested_at: string;
  completed_at: string | null;
  expires_at: string | null;
  bytes: number | null;
  download_url: string | null;
};

const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const isToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
export const downloadPath = (id: string) => `/api/v1/workspace/export/${id}`;
export const exportKey = (workspaceId: string, id: string) => `exports/${workspaceId}/${id}.zip`;

export function exportView(row: ExportRow, now = new Date()): ExportView {
  const expired = row.state === "ready" && row.expiresAt !== null && row.expiresAt <= now;
  const state = expired ? "expired" : row.state;
  return {
    id: row.id,
    state,
    requested_at: row.insertedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes,
    download_url: state === "ready" ? downloadPath(row.id) : null,
  };
}

/**
 * Starts an export of the member's workspace (owner and admin): refused while one is being written and
 * past 3 in 24 hours, both in the caller's language. The job is queued by `enqueue` (pg-boss); the
 * requester's language and saved time zone go with it.
 */
export async function requestExport(
  db: Db,
  member: Member,
  who: { locale: Locale; timeZone: string | null },
  enqueue: (exportId: string) => Promise<void>,
  now = new Date(),
): Promise<ExportRow> {
  requireRole(member, "admin");
  const tz = who.timeZone && (await isKnownTimeZone(db, who.timeZone)) ? who.timeZone : "UTC";
  const row = await db.transaction(async (tx) => {
    const t: Db = tx;
    // One request at a time per workspace: the count below cannot be raced past.
    await lockWorkspace(t, member.workspaceId);
    const recent = await t
      .select({ state: workspaceExports.state })
      .from(workspaceExports)
      .where(
        and(
          eq(workspaceExports.workspaceId, member.workspaceId),
          gte(workspaceExports.insertedAt, new Date(now.getTime() - 24 * HOUR_MS)),
        ),
      );
    if (recent.some((r) => r.state === "queued" || r.state === "running")) {
      throw new ApiError("conflict", "export_running");
    }
    if (recent.length >= EXPORTS_PER_DAY) {
      throw new ApiError("rate_limited", "export_daily_limit", { limit: EXPORTS_PER_DAY });
    }
    const [made] = await t
      .insert(workspaceExports)
      .values({
        workspaceId: member.workspaceId,
        requestedBy: member.userId,
        locale: who.locale,
        timeZone: tz,
        insertedAt: now,
      })
      .returning();
    await recordAudit(t, {
      workspaceId: member.workspaceId,
      actorId: member.userId,
      ip: member.ip ?? null,
      action: "workspace.exported",
      target: { kind: "export", id: made!.id },
    });
    return made!;
  });
  try {
    await enqueue(row.id);
  } catch (err) {
    await db
      .update(workspaceExports)
      .set({ state: "failed", error: "could not queue" })
      .where(eq(workspaceExports.id, row.id));
    throw err;
  }
  return row;
}

/** The member's workspace's latest exports, newest first (owner and admin). */
export async function recentExports(db: Db, member: Member, limit = 10): Promise<ExportRow[]> {
  requireRole(member, "admin");
  return db
    .select()
    .from(workspaceExports)
    .where(eq(workspaceExports.workspaceId, member.workspaceId))
    .orderBy(desc(workspaceExports.insertedAt), desc(workspaceExports.id))
    .limit(limit);
}

/**
 * Writes the export's ZIP (the job): to a file beside the data, then into the file store as one object,
 * then mails the requester the link. A ZIP that fails is marked failed and its file removed; the job is
 * not retried (the owner starts another).
 */
export async function runExport(db: Db, store: CheckedFileStore, exportId: string): Promise<unknown> {
  if (!isUuid(exportId)) return null;
  const [row] = await db.select().from(workspaceExports).where(eq(workspaceExports.id, exportId)).limit(1);
  if (!row || row.state === "ready" || row.state === "failed") return null;
  await db.update(workspaceExports).set({ state: "running" }).where(eq(workspaceExports.id, row.id));
  const cfg = config();
  const dir = path.resolve(cfg.DATA_DIR, "tmp");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `export-${row.id}.zip`);
  const locale: Locale = isLocale(row.locale) ? row.locale : "en";
  const started = Date.now();
  const zip = new ZipFileWriter(file);
  try {
    const counts = await writeArchive(zip, {
      db,
      store,
      workspaceId: row.workspaceId,
      timeZone: row.timeZone,
      locale,
    });
    const bytes = await zip.close();
    const key = exportKey(row.workspaceId, row.id);
    await store.putFile(key, file);
    const token = randomBytes(32).toString("base64url");
    const done = new Date();
    const expiresAt = new Date(done.getTime() + EXPORT_HOURS * HOUR_MS);
    await db
      .update(workspaceExports)
      .set({
        state: "ready",
        storageKey: key,
        bytes,
        tokenHash: tokenHash(token),
        completedAt: done,
        expiresAt,
      })
      .where(eq(workspaceExports.id, row.id));
    log.info(
      `export ${row.id}: ${bytes} bytes, ${counts.documents} documents, ${counts.messages} messages in ${Date.now() - started} ms`,
    );
    await deliver(db, { ...row, bytes }, token, locale);
    return { bytes, ...counts };
  } catch (err) {
    zip.abort();
    log.error(`export ${row.id} failed: ${(err as Error).message}`);
    await db
      .update(workspaceExports)
      .set({ state: "failed", error: (err as Error).message.slice(0, 500), completedAt: new Date() })
      .where(eq(workspaceExports.id, row.id));
    return null;
  } finally {
    await rm(file, { force: true });
  }
}

function humanSize(bytes: number, locale: Locale): string {
  const units = ["B", "KB", "MB", "GB"];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: u === 0 ? 0 : 1 }).format(n)} ${units[u]}`;
}

async function deliver(db: Db, row: ExportRow & { bytes: number }, token: string, locale: Locale) {
  if (!row.requestedBy) return;
  const [person] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.requestedBy))
    .limit(1);
  const { APP_URL, APP_NAME, SMTP_URL } = config();
  const url = new URL(downloadPath(row.id), APP_URL);
  url.searchParams.set("token", token);
  const downloadUrl = url.toString();
  if (!SMTP_URL || !person?.email) {
    // The console is the delivery here, as for sign-in codes and invitations.
    console.log(`\nWorkspace export ready: ${downloadUrl}\n`);
    return;
  }
  try {
    await sendMail(
      exportMail({
        to: person.email,
        locale,
        appName: APP_NAME,
        workspace: await workspaceName(db, row.workspaceId),
        size: humanSize(row.bytes, locale),
        hours: EXPORT_HOURS,
        downloadUrl,
      }),
    );
  } catch (err) {
    // The export stands: Settings → Data lists it with its download link.
    log.error(`export mail failed: ${(err as Error).message}`);
  }
}

/**
 * A ready export the caller may download: a member of its workspace with owner or admin role (anyone else
 * a 404, as any foreign id; a lower role a 403), the right token when one is given, within 24 hours, and
 * once per signed-in session (a second download in the same session is 410). Answers its stream.
 */
export async function openDownload(
  db: Db,
  store: CheckedFileStore,
  caller: { userId: string; sessionId: string },
  exportId: string,
  token: string | undefined,
  now = new Date(),
): Promise<{ row: ExportRow; body: ReadableStream<Uint8Array> }> {
  if (!isUuid(exportId)) throw new ApiError("not_found", "export_not_found");
  const [row] = await db.select().from(workspaceExports).where(eq(workspaceExports.id, exportId)).limit(1);
  if (!row) throw new ApiError("not_found", "export_not_found");
  let member: Member;
  try {
    member = await memberOf(db, caller.userId, row.workspaceId);
  } catch {
    throw new ApiError("not_found", "export_not_found");
  }
  requireRole(member, "admin");
  if (token !== undefined && (!isToken(token) || row.tokenHash !== tokenHash(token))) {
    throw new ApiError("not_found", "export_not_found");
  }
  if (row.state !== "ready" || !row.storageKey) throw new ApiError("conflict", "export_not_ready");
  if (!row.expiresAt || row.expiresAt <= now) throw new ApiError("gone", "export_expired");
  const claimed = await db
    .insert(workspaceExportDownloads)
    .values({ exportId: row.id, sessionId: caller.sessionId, userId: caller.userId, downloadedAt: now })
    .onConflictDoNothing()
    .returning({ exportId: workspaceExportDownloads.exportId });
  if (claimed.length === 0) throw new ApiError("gone", "export_used");
  const body = await store.stream(row.storageKey);
  if (!body) {
    await db
      .delete(workspaceExportDownloads)
      .where(
        and(
          eq(workspaceExportDownloads.exportId, row.id),
          eq(workspaceExportDownloads.sessionId, caller.sessionId),
        ),
      );
    throw new ApiError("gone", "export_expired");
  }
  return { row, body };
}

/** Removes the ZIPs of exports whose links lapsed (the rows stay, listed as expired). */
export async function removeLapsedExports(
  db: Db,
  store: CheckedFileStore,
  now = new Date(),
): Promise<number> {
  const lapsed = await db
    .select({ id: workspaceExports.id, storageKey: workspaceExports.storageKey })
    .from(workspaceExports)
    .where(and(isNotNull(workspaceExports.storageKey), lt(workspaceExports.expiresAt, now)))
    .limit(500);
  for (const row of lapsed) await store.delete(row.storageKey!);
  if (lapsed.length > 0) {
    await db
      .update(workspaceExports)
      .set({ storageKey: null })
      .where(
        inArray(
          workspaceExports.id,
          lapsed.map((r) => r.id),
        ),
      );
  }
  return lapsed.length;
}

/** The ZIP's download name: the workspace's name and the day. */
export function downloadName(workspace: string, row: ExportRow): string {
  const base =
    workspace
      .normalize("NFKD")
      .replace(/[^\w.-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "workspace";
  return `agentcity-${base.slice(0, 60)}-${row.insertedAt.toISOString().slice(0, 10)}.zip`;
}
