import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AgentRow } from "@/lib/agents/queries";
import { BUILTIN_MODEL } from "@/lib/chat/models";
import type { Db } from "@/lib/db/client";
import { agents } from "@/lib/db/schema";
import { type ParsableType, parseDocument } from "@/lib/ingest/parse";
import { chunk } from "@/lib/retrieval/chunk";
import { replacePassages } from "@/lib/retrieval/passages";
import {
  CASES as ANSWER_CASES,
  bakeryCsv,
  cafeText,
  dentalText,
  flowersText,
  HOTEL_PDF,
  SALON_ROWS,
  UNITS,
  type Unit,
} from "../answer-quality-cases";
import { ANSWERABLE, type Business, FIXTURE_FILES, UNANSWERABLE } from "../chat-quality-cases";
import { makeXlsx, utf8 } from "../ingest-fixtures";
import { seedAgent, seedDocument } from "../retrieval-seed";
import type { EvalCase, Fact, Lang } from "./cases";
import { headedPdf } from "./documents";

/**
 * The two sets retrieval and answers were tuned on, asked and scored the way the held-out evaluation is
 * (tests/helpers/quality-eval/score.ts), so their figures sit beside it labelled "tuned on":
 *   - chat-quality (tests/helpers/chat-quality-cases.ts): right = the expected piece is in the answer;
 *     no unrelated facts are listed there, so its unrelated share is 0 by construction;
 *   - answer-quality (tests/helpers/answer-quality-cases.ts): right = the expected unit is quoted;
 *     unrelated = a line quotes another unit of the same agent.
 * Documents are learned the way their tests learn them.
 */

const VIETNAMESE = /[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/iu;
const PLAIN_VI = /\b(gia|khong|bao|nhieu|cua|dau|thi|co|tiem|phuong|rang|may|gio|con|sao|lam|phi)\b/;

/** The language pairing as far as these sets say: the question's language only. */
function langOf(q: string): Lang {
  if (VIETNAMESE.test(q)) return "vi";
  return PLAIN_VI.test(q) ? "vi-plain" : "en-en";
}

export async function learn(db: Db, agentId: string, name: string, type: ParsableType, bytes: Uint8Array) {
  const documentId = await seedDocument(db, agentId, name);
  const parsed = await parseDocument({ bytes, name, type });
  if (!parsed.ok) throw new Error(`${name} did not parse: ${JSON.stringify(parsed)}`);
  const passages = chunk(parsed.sections).map((c) => ({ heading: c.heading, content: c.content }));
  await replacePassages(db, { agentId, documentId, passages, embedder: null });
}

export async function builtin(db: Db, agentId: string): Promise<AgentRow> {
  const [row] = await db
    .update(agents)
    .set({ model: BUILTIN_MODEL })
    .where(eq(agents.id, agentId))
    .returning();
  return row!;
}

export type TunedSet<K extends string> = { agents: Record<K, AgentRow>; cases: EvalCase<K>[] };

export async function chatQualitySet(db: Db): Promise<TunedSet<Business>> {
  const dir = path.resolve(import.meta.dirname, "../../fixtures/chat-quality");
  const rows = {} as Record<Business, AgentRow>;
  for (const [business, files] of Object.entries(FIXTURE_FILES) as [Business, string[]][]) {
    const id = await seedAgent(db, business);
    for (const file of files) await learn(db, id, file, "md", readFileSync(path.join(dir, file)));
    rows[business] = await builtin(db, id);
  }
  const cases: EvalCase<Business>[] = [
    ...ANSWERABLE.map((c, i) => ({
      id: `cq-${i}`,
      agent: c.agent,
      lang: langOf(c.q),
      q: c.q,
      history: c.history,
      expect: [c.expect],
    })),
    ...UNANSWERABLE.map((c, i) => ({
      id: `cq-u-${i}`,
      agent: c.agent,
      lang: langOf(c.q),
      q: c.q,
      history: c.history,
      expect: null,
    })),
  ];
  return { agents: rows, cases };
}

const factOf = (u: Unit): Fact => (u.parts.length === 1 ? u.parts[0]! : u.parts);

export async function answerQualitySet(db: Db): Promise<TunedSet<"en" | "vi">> {
  const en = await seedAgent(db, "Harbor");
  const vi = await seedAgent(db, "Minh An");
  await learn(db, en, "cafe-guest-notes.txt", "txt", utf8(cafeText));
  await learn(db, en, "salon-prices.xlsx", "xlsx", makeXlsx([{ name: "Prices", rows: SALON_ROWS }]));
  await learn(
    db,
    vi,
    "huong-dan-khach-san.pdf",
    "pdf",
    await headedPdf({ title: "Hướng dẫn cho khách lưu trú", sections: HOTEL_PDF }),
  );
  await learn(db, vi, "nha-khoa.txt", "txt", utf8(dentalText));
  await learn(db, vi, "tiem-hoa.txt", "txt", utf8(flowersText));
  await learn(db, vi, "bang-gia.csv", "csv", utf8(bakeryCsv));
  const cases = ANSWER_CASES.map((c, i): EvalCase<"en" | "vi"> => {
    const units = UNITS[c.agent];
    return {
      id: `aq-${i}`,
      agent: c.agent,
      lang: c.lang === "en" ? "en-en" : langOf(c.q),
      q: c.q,
      expect: c.expect.map((id) => factOf(units.find((u) => u.id === id)!)),
      unrelated: units.filter((u) => !c.expect.includes(u.id)).map(factOf),
    };
  });
  return { agents: { en: await builtin(db, en), vi: await builtin(db, vi) }, cases };
}
