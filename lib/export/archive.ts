import "server-only";
import { printableInvoice } from "@/lib/billing-views/billing";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/routing";
import type { FileStore } from "@/lib/storage/store";
import { firstOwner } from "@/lib/workspaces/queries";
import { csvLine, MESSAGE_COLUMNS, messageCells } from "./csv";
import {
  type AgentRow,
  agentsOf,
  type ConversationRow,
  conversationsOf,
  type DocumentRow,
  documentsOf,
  invoicesOf,
  type MessageRow,
  membersOf,
  taughtAnswersOf,
  workspaceRow,
} from "./data";
import { invoiceHtml } from "./invoice-html";
import { zonedIso } from "./time";
import type { ZipFileWriter } from "./zip";

export type ArchiveInput = {
  db: Db;
  store: Pick<FileStore, "get">;
  workspaceId: string;
  /** times in the ZIP are written in this zone (the requester's, else UTC) */
  timeZone: string;
  /** the language of the printable invoices */
  locale: Locale;
};

export type ArchiveCounts = {
  agents: number;
  documents: number;
  originals: number;
  conversations: number;
  messages: number;
  invoices: number;
};

/** Originals read from the file store at once: a handful of files of at most a few MB each. */
const READ_AHEAD = 8;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A name safe as a ZIP path segment: no separators, no control characters, not empty, not too long. */
export function safeName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, "_")
    .replace(/^\.+/, "_")
    .trim()
    .slice(0, 120);
  return cleaned || "file";
}

/**
 * Writes every piece of the workspace into `zip`: workspace.json and members.json, then per agent its
 * settings, documents (metadata and stored originals), taught answers, and conversations with their
 * messages as JSON and CSV (UTF-8 with a byte-order mark); then the invoices as JSON and printable pages.
 * Rows are read a page at a time and written as they come.
 */
export async function writeArchive(zip: ZipFileWriter, input: ArchiveInput): Promise<ArchiveCounts> {
  const { db, workspaceId, timeZone: tz } = input;
  const at = (d: Date | null) => (d ? zonedIso(d, tz) : null);
  const counts: ArchiveCounts = {
    agents: 0,
    documents: 0,
    originals: 0,
    conversations: 0,
    messages: 0,
    invoices: 0,
  };
  const workspace = await workspaceRow(db, workspaceId);
  if (!workspace) throw new Error(`workspace ${workspaceId} is gone`);
  const agentRows = await agentsOf(db, workspaceId);
  await zip.file(
    "workspace.json",
    json({
      id: workspace.id,
      name: workspace.name,
      created_at: at(workspace.createdAt),
      exported_at: at(new Date()),
      time_zone: tz,
      agents: agentRows.map((a) => ({ id: a.publicId, name: a.name, folder: `agents/${agentFolder(a)}/` })),
    }),
  );
  const members = await membersOf(db, workspaceId);
  await zip.file(
    "members.json",
    json(
      members.map((m) => ({
        name: `${m.firstName} ${m.lastName}`.trim(),
        email: m.email,
        role: m.role,
        joined_at: at(m.joinedAt),
      })),
    ),
  );

  for (const agent of agentRows) {
    counts.agents++;
    const dir = `agents/${agentFolder(agent)}`;
    await zip.file(`${dir}/agent.json`, json(agentSettings(agent, at)));

    // Documents: the metadata as one JSON array written row by row, then each stored original.
    const meta = zip.entry(`${dir}/documents.json`);
    await meta.write("[");
    let first = true;
    const withFiles: DocumentRow[] = [];
    for await (const page of documentsOf(db, agent.id)) {
      for (const d of page) {
        counts.documents++;
        const file = d.storageKey ? originalPath(d) : null;
        if (file) withFiles.push(d);
        await meta.write(`${first ? "\n" : ",\n"}${JSON.stringify(documentRecord(d, file, at))}`);
        first = false;
      }
    }
    await meta.write(first ? "]\n" : "\n]\n");
    await meta.end();
    // Read a few ahead (a bucket answers each in a round trip), written one by one in order.
    for (let i = 0; i < withFiles.length; i += READ_AHEAD) {
      const batch = withFiles.slice(i, i + READ_AHEAD);
      const originals = await Promise.all(batch.map((d) => input.store.get(d.storageKey!)));
      for (const [k, d] of batch.entries()) {
        const bytes = originals[k];
        if (!bytes) continue; // listed in documents.json with its path; the file store no longer has it
        await zip.file(`${dir}/${originalPath(d)}`, bytes, d.insertedAt);
        counts.originals++;
      }
    }

    const taught = zip.entry(`${dir}/taught-answers.json`);
    await taught.write("[");
    first = true;
    for await (const page of taughtAnswersOf(db, agent.id)) {
      for (const t of page) {
        const record = {
          id: t.id,
          questions: t.questions,
          answer: t.answer,
          created_at: at(t.insertedAt),
          updated_at: at(t.updatedAt),
        };
        await taught.write(`${first ? "\n" : ",\n"}${JSON.stringify(record)}`);
        first = false;
      }
    }
    await taught.write(first ? "]\n" : "\n]\n");
    await taught.end();

    // Conversations with their messages (JSON), then the same messages again as CSV: two passes, since
    // entries are written one after the other.
    const convJson = zip.entry(`${dir}/conversations.json`);
    await convJson.write("[");
    first = true;
    for await (const page of conversationsOf(db, agent.id)) {
      for (const { conversation, messages } of page) {
        counts.conversations++;
        counts.messages += messages.length;
        const record = conversationRecord(conversation, messages, at);
        await convJson.write(`${first ? "\n" : ",\n"}${JSON.stringify(record)}`);
        first = false;
      }
    }
    await convJson.write(first ? "]\n" : "\n]\n");
    await convJson.end();

    const csv = zip.entry(`${dir}/messages.csv`);
    await csv.write(`\uFEFF${csvLine(MESSAGE_COLUMNS)}`);
    for await (const page of conversationsOf(db, agent.id)) {
      for (const { conversation, messages } of page) {
        for (const m of messages) await csv.write(csvLine(messageCells(conversation, m, tz)));
      }
    }
    await csv.end();
  }

  const owner = await firstOwner(db, workspaceId);
  const invoiceRows = owner ? await invoicesOf(db, owner) : [];
  await zip.file(
    "invoices/invoices.json",
    json(
      invoiceRows.map((i) => ({
        number: i.number,
        kind: i.kind,
        status: i.status,
        plan: i.plan,
        cycle: i.cycle,
        currency: i.currency,
        total: i.total,
        description: i.description,
        lines: i.lines,
        period_start: at(i.periodStart),
        period_end: at(i.periodEnd),
        due_date: at(i.dueDate),
        payment_method: i.paymentMethodLabel,
        paid_at: at(i.paidAt),
        issued_at: at(i.insertedAt),
        page: `invoices/${safeName(i.number)}.html`,
      })),
    ),
  );
  for (const i of invoiceRows) {
    const printable = await printableInvoice(db, owner!, i.number, input.locale);
    if (!printable) continue;
    await zip.file(`invoices/${safeName(i.number)}.html`, invoiceHtml(printable, input.locale, tz));
    counts.invoices++;
  }
  return counts;
}

const agentFolder = (a: AgentRow) => safeName(a.publicId);
const originalPath = (d: DocumentRow) => `documents/${d.id}-${safeName(d.name)}`;

type At = (d: Date | null) => string | null;

/** The agent's settings, without its widget signing secret (a credential, not data). */
function agentSettings(a: AgentRow, at: At) {
  return {
    id: a.publicId,
    name: a.name,
    kind: a.kind,
    instructions: a.instructions,
    greeting: a.greeting,
    suggested_questions: a.suggestedQuestions,
    suggested_question_icons: a.suggestedQuestionIcons,
    icon: a.icon,
    fallback_message: a.fallbackMessage,
    language: a.language,
    model: a.model,
    allowed_domains: a.allowedDomains,
    widget: a.widget,
    daily_share: a.dailyShare,
    created_at: at(a.insertedAt),
    updated_at: at(a.updatedAt),
  };
}

function documentRecord(d: DocumentRow, file: string | null, at: At) {
  return {
    id: d.id,
    type: d.type,
    name: d.name,
    size: d.size,
    sha256: d.contentHash,
    source_url: d.sourceUrl,
    status: d.status,
    error: d.error,
    characters: d.characters,
    recrawl: d.recrawl,
    last_crawled_at: at(d.lastCrawledAt),
    created_at: at(d.insertedAt),
    updated_at: at(d.updatedAt),
    completed_at: at(d.completedAt),
    file,
  };
}

function conversationRecord(c: ConversationRow, messages: MessageRow[], at: At) {
  return {
    id: c.publicId,
    channel: c.channel,
    title: c.title,
    language: c.language,
    device: c.device,
    visitor: c.identityUserId ? { id: c.identityUserId, name: c.identityName } : null,
    started_at: at(c.insertedAt),
    last_message_at: at(c.lastMessageAt),
    messages: messages.map((m) => ({
      id: m.publicId,
      time: at(m.insertedAt),
      role: m.role,
      text: m.content,
      status: m.status,
      language: m.language,
      sources: m.sources.map((s) => ({ title: s.title, url: s.url })),
      feedback: m.feedbackHelpful === null ? null : m.feedbackHelpful ? "helpful" : "unhelpful",
      feedback_comment: m.feedbackComment,
    })),
  };
}
