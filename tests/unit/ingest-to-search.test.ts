import { describe, expect, it } from "vitest";
import type { ParsableType } from "@/lib/ingest/parse";
import { parseDocument } from "@/lib/ingest/parse";
import { chunk } from "@/lib/retrieval/chunk";
import { replacePassages } from "@/lib/retrieval/passages";
import { searchPassages } from "@/lib/retrieval/search";
import { makeDocx, makePdf, makeXls, makeXlsx, utf8 } from "../helpers/ingest-fixtures";
import { seedAgent, seedDocument } from "../helpers/retrieval-seed";
import { unitDatabase } from "../helpers/unit-db";

/**
 * Each accepted format, in Vietnamese and in English, from bytes to the index: the fact inside the file is
 * found by a question about it, Vietnamese typed without diacritics.
 */
const database = unitDatabase();

const vi = "Tiệm bánh mở cửa từ 7 giờ sáng đến 9 giờ tối tại Thành phố Hồ Chí Minh.";
const en = "The bakery delivers free of charge within five kilometres of Hanoi.";

const files: [ParsableType, (fact: string) => Uint8Array | Promise<Uint8Array>][] = [
  ["txt", (f) => utf8(`Giới thiệu\n\n${f}\n`)],
  ["md", (f) => utf8(`# Thông tin\n\n${f}\n`)],
  [
    "html",
    (f) => utf8(`<html><body><nav>Menu</nav><main><h1>Thông tin</h1><p>${f}</p></main></body></html>`),
  ],
  ["csv", (f) => utf8(`Câu hỏi,Trả lời\nGiờ mở cửa,"${f}"\n`)],
  ["docx", (f) => makeDocx([{ style: "Heading1", text: "Thông tin" }, { text: f }])],
  [
    "xlsx",
    (f) =>
      makeXlsx([
        {
          name: "Hỏi đáp",
          rows: [
            ["Câu hỏi", "Trả lời"],
            ["Giờ mở cửa", f],
          ],
        },
      ]),
  ],
  [
    "xls",
    (f) =>
      makeXls([
        {
          name: "Hỏi đáp",
          rows: [
            ["Câu hỏi", "Trả lời"],
            ["Giờ mở cửa", f],
          ],
        },
      ]),
  ],
  ["pdf", (f) => makePdf([[f]])],
];

describe.each(files)("a %s file", (type, build) => {
  it.each([
    ["Vietnamese", vi, "tiem banh mo cua luc may gio"],
    ["English", en, "does the bakery deliver free"],
  ])("in %s is learned and its fact found", async (_lang, fact, question) => {
    const db = database().db;
    const agentId = await seedAgent(db);
    const documentId = await seedDocument(db, agentId, `fact.${type}`);
    const parsed = await parseDocument({ bytes: await build(fact), name: `fact.${type}`, type });
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.text.replace(/\s+/g, " ")).toContain(fact);
    const passages = chunk(parsed.sections).map((c) => ({ heading: c.heading, content: c.content }));
    await replacePassages(db, { agentId, documentId, passages, embedder: null });
    const hits = await searchPassages(db, { agentId, query: question, limit: 3, embedder: null });
    expect(hits[0]?.content.replace(/\s+/g, " ")).toContain(fact);
  });
});
