import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import type { AgentRow } from "@/lib/agents/queries";
import { BUILTIN_MODEL } from "@/lib/chat/models";
import type { Db } from "@/lib/db/client";
import { agents, documents } from "@/lib/db/schema";
import { type ParsableType, parseDocument } from "@/lib/ingest/parse";
import { chunk } from "@/lib/retrieval/chunk";
import { replacePassages } from "@/lib/retrieval/passages";
import { type DocxParagraph, makeDocx, makeXlsx } from "../ingest-fixtures";
import { seedAgent } from "../retrieval-seed";

/**
 * The quality evaluation's owners and what each uploaded (tests/fixtures/quality-eval/<folder>/). Text
 * formats are stored as they are uploaded; office files and PDFs as the JSON they are made from here
 * (`<name>.json`: sheets of rows, Word paragraphs, PDF sections), so every fact is readable in the repository.
 */
export type AgentKey = "sen" | "tanphu" | "oakridge" | "minhkhoa";

type EvalFile = {
  /** The document's name as the owner sees it (a snippet's title). */
  name: string;
  type: ParsableType;
  /** The source under the agent's folder. */
  source: string;
};

type EvalAgent = {
  name: string;
  kind: "individual" | "business" | "government";
  folder: string;
  files: EvalFile[];
};

export const EVAL_AGENTS: Record<AgentKey, EvalAgent> = {
  // A Vietnamese bakery and café in Huế: FAQ, price list, loyalty cards, a care guide and a snippet.
  sen: {
    name: "Bếp Sen – Bánh & Cà phê",
    kind: "business",
    folder: "bep-sen",
    files: [
      { name: "hoi-dap.md", type: "md", source: "hoi-dap.md" },
      { name: "bang-gia.xlsx", type: "xlsx", source: "bang-gia.xlsx.json" },
      { name: "the-thanh-vien.docx", type: "docx", source: "the-thanh-vien.docx.json" },
      { name: "huong-dan-bao-quan.pdf", type: "pdf", source: "huong-dan-bao-quan.pdf.json" },
      { name: "Khuyến mãi tháng 12", type: "text", source: "khuyen-mai-thang-12.txt" },
    ],
  },
  // A commune's one-stop office: procedures, documents needed, fees, processing times, reception schedule.
  tanphu: {
    name: "UBND xã Tân Phú",
    kind: "government",
    folder: "xa-tan-phu",
    files: [
      { name: "thu-tuc-hanh-chinh.md", type: "md", source: "thu-tuc-hanh-chinh.md" },
      { name: "bang-le-phi.csv", type: "csv", source: "bang-le-phi.csv" },
      { name: "lich-tiep-cong-dan.docx", type: "docx", source: "lich-tiep-cong-dan.docx.json" },
    ],
  },
  // An English-language school in Da Nang, every document in English.
  oakridge: {
    name: "Oakridge Language School",
    kind: "business",
    folder: "oakridge",
    files: [
      { name: "courses.md", type: "md", source: "courses.md" },
      { name: "faq.txt", type: "txt", source: "faq.txt" },
      { name: "fees-2025.xlsx", type: "xlsx", source: "fees-2025.xlsx.json" },
      { name: "student-handbook.pdf", type: "pdf", source: "student-handbook.pdf.json" },
    ],
  },
  // A one-person phone repair shop with documents in Vietnamese and in English.
  minhkhoa: {
    name: "Sửa điện thoại Minh Khoa",
    kind: "individual",
    folder: "minh-khoa",
    files: [
      { name: "dich-vu.vi.md", type: "md", source: "dich-vu.vi.md" },
      { name: "services.en.md", type: "md", source: "services.en.md" },
      { name: "bang-gia-sua-chua.xlsx", type: "xlsx", source: "bang-gia-sua-chua.xlsx.json" },
      { name: "Lịch nghỉ Tết", type: "text", source: "nghi-tet.txt" },
    ],
  },
};

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/quality-eval");

const FONT = path.resolve(
  import.meta.dirname,
  "../../../node_modules/@expo-google-fonts/be-vietnam-pro/400Regular/BeVietnamPro_400Regular.ttf",
);

type PdfSource = { title: string; sections: { heading: string; lines: string[] }[] };

/** A title in 24 pt, headings in 18 pt over 11 pt body text, as a word processor exports them. */
export function headedPdf(source: PdfSource): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A4", margin: 50 });
  doc.registerFont("body", readFileSync(FONT));
  doc.font("body");
  doc.fontSize(24).text(source.title);
  for (const s of source.sections) {
    doc.moveDown();
    doc.fontSize(18).text(s.heading);
    doc.fontSize(11);
    for (const line of s.lines) doc.text(line);
  }
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.end();
  });
}

/** The bytes the owner uploads for one file. */
async function fileBytes(agent: EvalAgent, file: EvalFile): Promise<Uint8Array> {
  const raw = readFileSync(path.join(FIXTURES, agent.folder, file.source));
  if (!file.source.endsWith(".json")) return new Uint8Array(raw);
  const json = JSON.parse(raw.toString("utf8"));
  if (file.type === "xlsx") return makeXlsx(json.sheets as { name: string; rows: string[][] }[]);
  if (file.type === "docx") return makeDocx(json.paragraphs as DocxParagraph[]);
  if (file.type === "pdf") return headedPdf(json as PdfSource);
  throw new Error(`${file.source}: no builder for ${file.type}`);
}

/**
 * Every agent of the evaluation, trained as an upload is (lib/ingest/pipeline.ts learnFile: parse, chunk,
 * replacePassages with the parsed language; no embedding model), answering in built-in mode. `texts`: what
 * the parser read of each agent's files, where the expected answers must be.
 */
export async function seedEvalAgents(
  db: Db,
): Promise<{ agents: Record<AgentKey, AgentRow>; texts: Record<AgentKey, string> }> {
  const rows = {} as Record<AgentKey, AgentRow>;
  const texts = {} as Record<AgentKey, string>;
  for (const [key, agent] of Object.entries(EVAL_AGENTS) as [AgentKey, EvalAgent][]) {
    const agentId = await seedAgent(db, agent.name);
    const read: string[] = [];
    for (const file of agent.files) {
      const bytes = await fileBytes(agent, file);
      const parsed = await parseDocument({ bytes, name: file.name, type: file.type });
      if (!parsed.ok) throw new Error(`${file.name} did not parse: ${JSON.stringify(parsed)}`);
      read.push(parsed.sections.map((s) => (s.heading ? `${s.heading}\n${s.text}` : s.text)).join("\n\n"));
      const [doc] = await db
        .insert(documents)
        .values({
          agentId,
          type: file.type,
          name: file.name,
          size: bytes.length,
          contentHash: randomBytes(16).toString("hex"),
          status: "completed",
          characters: parsed.characters,
          completedAt: new Date(),
        })
        .returning({ id: documents.id });
      const passages = chunk(parsed.sections).map((c) => ({
        heading: c.heading,
        content: c.content,
        language: parsed.language ?? null,
      }));
      await replacePassages(db, { agentId, documentId: doc!.id, passages, embedder: null });
    }
    const [row] = await db
      .update(agents)
      .set({ kind: agent.kind, model: BUILTIN_MODEL })
      .where(eq(agents.id, agentId))
      .returning();
    rows[key] = row!;
    texts[key] = read.join("\n\n");
  }
  return { agents: rows, texts };
}
