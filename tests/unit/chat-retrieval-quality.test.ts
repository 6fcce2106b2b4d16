import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { composeAnswer } from "@/lib/chat/answer";
import type { Db } from "@/lib/db/client";
import { agents as agentRows } from "@/lib/db/schema";
import { parseDocument } from "@/lib/ingest/parse";
import { chunk } from "@/lib/retrieval/chunk";
import { replacePassages } from "@/lib/retrieval/passages";
import { type ChatTurn, retrieve } from "@/lib/retrieval/retrieve";
import {
  ANSWERABLE,
  type Business,
  FIXTURE_FILES,
  type QualityCase,
  UNANSWERABLE,
} from "../helpers/chat-quality-cases";
import { backendDatabase, backends, seedAgent, seedDocument } from "../helpers/retrieval-db";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/chat-quality");
const MIN_RECALL = 0.9;
const MIN_ANSWERABLE = 0.9;
const MIN_QUOTED = 0.85;

/** Indexes a fixture file the way an upload is: parse, chunk, replace the document's passages. */
async function learn(db: Db, agentId: string, file: string): Promise<string> {
  const documentId = await seedDocument(db, agentId, file);
  const parsed = await parseDocument({
    bytes: readFileSync(path.join(FIXTURES, file)),
    name: file,
    type: "md",
  });
  if (!parsed.ok) throw new Error(`${file} did not parse: ${JSON.stringify(parsed)}`);
  const passages = chunk(parsed.sections).map((c) => ({ heading: c.heading, content: c.content }));
  await replacePassages(db, { agentId, documentId, passages, embedder: null });
  return documentId;
}

/** The visitor's earlier questions with a placeholder answer between them, as a conversation has. */
const conversation = (questions: string[] = []): ChatTurn[] =>
  questions.flatMap((content) => [
    { role: "user" as const, content },
    { role: "assistant" as const, content: "(answer)" },
  ]);

const flat = (s: string) => s.normalize("NFC").replace(/\s+/g, " ");

for (const backend of backends) {
  describe(`chat retrieval quality (${backend})`, () => {
    const database = backendDatabase(backend);
    const agents = {} as Record<Business, string>;
    beforeAll(async () => {
      const { db } = database();
      for (const [business, files] of Object.entries(FIXTURE_FILES) as [Business, string[]][]) {
        agents[business] = await seedAgent(db, business);
        for (const file of files) await learn(db, agents[business], file);
      }
    }, 120_000);

    const ask = (c: Omit<QualityCase, "expect">) =>
      retrieve(database().db, {
        agentId: agents[c.agent],
        question: c.q,
        history: conversation(c.history),
        embedder: null,
      });

    it("has the bilingual question set the brief asks for", () => {
      const vi = ANSWERABLE.filter(
        (c) => /[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/iu.test(c.q) || isPlainVietnamese(c),
      );
      expect(ANSWERABLE.length).toBeGreaterThanOrEqual(48);
      expect(vi.length * 2).toBeGreaterThanOrEqual(ANSWERABLE.length);
      expect(ANSWERABLE.filter(isPlainVietnamese).length).toBeGreaterThanOrEqual(8);
      expect(ANSWERABLE.filter((c) => c.history?.length).length).toBeGreaterThanOrEqual(6);
      expect(UNANSWERABLE.length).toBeGreaterThanOrEqual(8);
    });

    it(`finds the expected fact in the top 5 for at least ${MIN_RECALL * 100}% of questions, and calls them answerable`, async () => {
      const misses: string[] = [];
      const unsure: string[] = [];
      for (const c of ANSWERABLE) {
        const result = await ask(c);
        expect(result.hits.length).toBeLessThanOrEqual(5);
        if (!result.hits.some((h) => flat(h.content).includes(flat(c.expect)))) {
          misses.push(`${c.q} → ${result.hits.map((h) => flat(h.content).slice(0, 50)).join(" | ")}`);
        }
        if (!result.answerable) unsure.push(c.q);
      }
      const recall = 1 - misses.length / ANSWERABLE.length;
      const answerable = 1 - unsure.length / ANSWERABLE.length;
      console.log(
        `[chat-quality ${backend}] recall@5 = ${recall.toFixed(3)} (${ANSWERABLE.length - misses.length}/${ANSWERABLE.length}); ` +
          `answerable = ${answerable.toFixed(3)}` +
          (misses.length ? `\n  missed:\n    ${misses.join("\n    ")}` : "") +
          (unsure.length ? `\n  judged unanswerable:\n    ${unsure.join("\n    ")}` : ""),
      );
      expect(recall).toBeGreaterThanOrEqual(MIN_RECALL);
      expect(answerable).toBeGreaterThanOrEqual(MIN_ANSWERABLE);
    });

    it(`quotes the expected fact in the built-in answer for at least ${MIN_QUOTED * 100}% of questions`, async () => {
      const { db } = database();
      const missed: string[] = [];
      let quotes = 0;
      for (const c of ANSWERABLE) {
        const [agent] = await db.select().from(agentRows).where(eq(agentRows.id, agents[c.agent]));
        const outcome = await composeAnswer(db, {
          agent: { ...agent!, model: null },
          question: c.q,
          history: conversation(c.history),
          language: "en",
          signal: new AbortController().signal,
          startedAt: Date.now(),
          onEvent: () => {},
        });
        const text = outcome.content.replace(/\\([\\`*_[\]<>#|!~])/g, "$1");
        quotes += text
          .split("\n")
          .filter((l) => l.startsWith("> ") || l.startsWith("- ") || l.startsWith("| ")).length;
        if (!flat(text).includes(flat(c.expect))) missed.push(`${c.q} → ${flat(text).slice(0, 160)}`);
      }
      const quoted = 1 - missed.length / ANSWERABLE.length;
      console.log(
        `[chat-quality ${backend}] built-in answer quotes the fact = ${quoted.toFixed(3)}; ` +
          `quotes per answer = ${(quotes / ANSWERABLE.length).toFixed(2)}` +
          (missed.length ? `\n  missed:\n    ${missed.join("\n    ")}` : ""),
      );
      expect(quoted).toBeGreaterThanOrEqual(MIN_QUOTED);
    }, 120_000);

    it("says a question the documents cannot answer is unanswerable", async () => {
      const wrong: string[] = [];
      for (const c of UNANSWERABLE) if ((await ask(c)).answerable) wrong.push(c.q);
      console.log(
        `[chat-quality ${backend}] unanswerable judged correctly: ${UNANSWERABLE.length - wrong.length}/${UNANSWERABLE.length}`,
      );
      expect(wrong).toEqual([]);
    });
  });
}

/** Vietnamese typed without any diacritics: the no-diacritic cases of the set (all plain ASCII, not English). */
function isPlainVietnamese(c: QualityCase): boolean {
  return /^[\x20-\x7e]+$/.test(c.q) && /\b(gia|khong|bao|nhieu|cua|dau|thi|co|tiem|phuong|rang)\b/.test(c.q);
}
