import { beforeAll, describe, expect, it } from "vitest";
import type { AgentRow } from "@/lib/agents/queries";
import { type EvalCase, type Fact, GOALS, HELDOUT, type Lang, TUNING } from "../helpers/quality-eval/cases";
import { TUNING_2 } from "../helpers/quality-eval/cases-tuning-2";
import { type AgentKey, EVAL_AGENTS, seedEvalAgents } from "../helpers/quality-eval/documents";
import { askAsVisitor, evaluate } from "../helpers/quality-eval/run";
import {
  CATEGORIES,
  type CaseResult,
  factOnLine,
  holds,
  inCategory,
  report,
  scoreAnswer,
} from "../helpers/quality-eval/score";
import { unitDatabase } from "../helpers/unit-db";

/**
 * The answer-quality evaluation's harness (tests/helpers/quality-eval/): the two halves are what the rules
 * say, their facts are in the documents, the scoring reads answers as defined, and the held-out half runs
 * end to end on PGlite. No threshold on today's quality: GOALS are for the task that tunes answers.
 */
const LANGS: Lang[] = ["vi", "vi-plain", "en-vi", "en-en"];
const ALL = [...TUNING, ...TUNING_2, ...HELDOUT];

const INTRO = "Theo tài liệu tôi đã học:";
const NOTE = "_Trích nguyên văn từ tài liệu; câu trả lời này không do mô hình AI viết._";
const quoted = (...blocks: string[]) => ({ content: [INTRO, ...blocks, NOTE].join("\n\n"), mode: "quote" });

describe("quality evaluation: the question sets", () => {
  it("has at least 80 questions, 60 of them held out, every category in each half", () => {
    expect(ALL.length).toBeGreaterThanOrEqual(80);
    expect(HELDOUT.length).toBeGreaterThanOrEqual(60);
    for (const set of [TUNING, HELDOUT]) {
      for (const lang of LANGS)
        expect(set.filter((c) => inCategory(c, lang)).length).toBeGreaterThanOrEqual(4);
      for (const category of ["paraphrase", "follow-up", "unanswerable"] as const) {
        expect(set.filter((c) => inCategory(c, category)).length).toBeGreaterThanOrEqual(4);
      }
      // Every owner is asked in each half.
      expect(new Set(set.map((c) => c.agent))).toEqual(new Set(Object.keys(EVAL_AGENTS)));
    }
  });

  it("names each case once, asks each question once, and keeps the halves apart", () => {
    expect(new Set(ALL.map((c) => c.id)).size).toBe(ALL.length);
    expect(TUNING.every((c) => c.id.startsWith("t-")) && HELDOUT.every((c) => c.id.startsWith("h-"))).toBe(
      true,
    );
    expect(TUNING_2.every((c) => c.id.startsWith("t2-"))).toBe(true);
    const key = (c: EvalCase) => `${c.agent}\u0000${c.history?.join("\u0000") ?? ""}\u0000${c.q}`;
    expect(new Set(ALL.map(key)).size).toBe(ALL.length);
  });

  it("writes plain Vietnamese in ASCII, Vietnamese with its marks, and English in English", () => {
    // Marks in decomposed form: any of them (or đ) is Vietnamese; English borrows only the acute and the
    // grave ("café"), never the breve, circumflex, horn, hook, tilde or dot below.
    const marked = (q: string) => /[\u0300-\u036f]|đ/iu.test(q.normalize("NFD"));
    const onlyVietnamese = (q: string) =>
      /[\u0302\u0303\u0306\u0309\u031b\u0323]|đ/iu.test(q.normalize("NFD"));
    for (const c of ALL) {
      if (c.lang === "vi-plain") expect(c.q, c.id).toMatch(/^[\x20-\x7e]+$/);
      else if (c.lang === "vi") expect(marked(c.q), c.id).toBe(true);
      else expect(onlyVietnamese(c.q), c.id).toBe(false);
    }
  });

  it("exports the goals a later task asserts", () => {
    expect(GOALS).toEqual({
      right: { vi: 0.9, "en-vi": 0.8, "en-en": 0.8 },
      maxUnrelated: 0.1,
      fallbackOnUnanswerable: 0.9,
    });
  });
});

describe("quality evaluation: scoring", () => {
  const sentence: Pick<EvalCase, "expect" | "unrelated"> = {
    expect: ["mở cửa từ 6:30 đến 22:00"],
    unrelated: ["tiệm mở cửa đến 23:30"],
  };
  const priced: Pick<EvalCase, "expect" | "unrelated"> = {
    expect: [["Trà sen vàng", "52.000đ"]],
    unrelated: [["Trà đào", "45.000đ"]],
  };

  it("scores the answering sentence right, escapes and spacing as a reader sees them", () => {
    const answer = quoted("> Bếp Sen mở cửa từ   6:30 đến 22:00 tất cả các ngày\\. [1]");
    expect(scoreAnswer(sentence, answer)).toEqual({ right: true, unrelated: false, fallback: false });
  });

  it("scores a row right only when its cells are on one line", () => {
    const table = quoted(
      "| Đồ uống | Size M | Size L |\n| --- | --- | --- |\n| Trà sen vàng | 45.000đ | 52.000đ [1] |",
    );
    expect(scoreAnswer(priced, table).right).toBe(true);
    const listItem = quoted("- **Đồ uống:** Trà sen vàng · **Size M:** 45.000đ · **Size L:** 52.000đ [1]");
    expect(scoreAnswer(priced, listItem).right).toBe(true);
    const apart = quoted("> Trà sen vàng [1]", "> 52.000đ [2]");
    expect(scoreAnswer(priced, apart).right).toBe(false);
  });

  it("calls a quote of a listed fact unrelated, unless it is inside the line that answers", () => {
    const both = quoted(
      "> Bếp Sen mở cửa từ 6:30 đến 22:00. [1]",
      "> Đêm Giáng sinh tiệm mở cửa đến 23:30. [2]",
    );
    expect(scoreAnswer(sentence, both)).toEqual({ right: true, unrelated: true, fallback: false });
    const onlyWrong = quoted("> Đêm Giáng sinh tiệm mở cửa đến 23:30. [1]");
    expect(scoreAnswer(sentence, onlyWrong)).toEqual({ right: false, unrelated: true, fallback: false });
    const oneSentence = { expect: ["Giảm 12%"], unrelated: ["Chi tiêu từ 5.000.000đ"] };
    expect(
      scoreAnswer(oneSentence, quoted("> Thẻ Vàng \\| Chi tiêu từ 5.000.000đ \\| Giảm 12% [1]")),
    ).toEqual({
      right: true,
      unrelated: false,
      fallback: false,
    });
    const rows = quoted(
      "| Đồ uống | Size M | Size L |\n| --- | --- | --- |\n| Trà sen vàng | 45.000đ | 52.000đ [1] |\n| Trà đào | 39.000đ | 45.000đ [1] |",
    );
    expect(scoreAnswer(priced, rows)).toEqual({ right: true, unrelated: true, fallback: false });
  });

  it("scores the fallback: wrong for a question the documents answer, right for one they cannot", () => {
    const fallback = { content: "Hiện tôi chưa có thông tin về vấn đề này.", mode: "fallback" };
    expect(scoreAnswer(sentence, fallback)).toEqual({ right: false, unrelated: false, fallback: true });
    expect(scoreAnswer({ expect: null }, fallback)).toEqual({
      right: true,
      unrelated: false,
      fallback: true,
    });
    expect(scoreAnswer({ expect: null }, quoted("> Bếp Sen mở cửa từ 6:30 đến 22:00. [1]")).right).toBe(
      false,
    );
  });

  it("matches any one of several expected facts", () => {
    const either = { expect: ["bảo hành 6 tháng", "6 months for screens"] };
    expect(holds("> Our warranty covers 6 months for screens. [1]", either.expect[1]!)).toBe(true);
    expect(scoreAnswer(either, quoted("> Our warranty covers 6 months for screens. [1]")).right).toBe(true);
  });

  it("reads a row's bare amount as the same amount with the currency the answer adds", () => {
    const fee = ["Business English", "7,800,000"] as const;
    const line = "- **Course:** Business English · **Tuition (VND):** 7,800,000 VND [1]";
    expect(holds(line, fee)).toBe(true);
    expect(holds("- **Course:** Business English · **Tuition (VND):** 7,200,000 VND [1]", fee)).toBe(false);
    expect(holds("> Giá 85.000 ₫ một ổ. [1]", ["85.000đ"])).toBe(true);
  });
});

describe("quality evaluation: the documents and the held-out half on PGlite", () => {
  const database = unitDatabase();
  let agents: Record<AgentKey, AgentRow>;
  let texts: Record<AgentKey, string>;
  let results: CaseResult[];
  beforeAll(async () => {
    ({ agents, texts } = await seedEvalAgents(database().db));
    results = await evaluate(database().db, agents, HELDOUT);
  }, 240_000);

  it("finds every expected and every unrelated fact in the documents as the parser reads them", () => {
    const inDocuments = (text: string, fact: Fact) =>
      typeof fact === "string"
        ? text.replace(/\s+/g, " ").includes(fact.replace(/\s+/g, " "))
        : text.split("\n").some((line) => factOnLine(line, fact));
    const absent: string[] = [];
    for (const c of ALL) {
      for (const fact of [...(c.expect ?? []), ...(c.unrelated ?? [])]) {
        if (!inDocuments(texts[c.agent], fact)) absent.push(`${c.id}: ${JSON.stringify(fact)}`);
      }
      if (c.expect === null) expect(c.unrelated, c.id).toBeUndefined();
      else expect(c.expect.length, c.id).toBeGreaterThan(0);
    }
    expect(absent).toEqual([]);
  });

  it("asks and scores every held-out question, each counted in its categories", () => {
    expect(results.map((r) => r.c.id)).toEqual(HELDOUT.map((c) => c.id));
    for (const r of results) {
      expect(["quote", "fallback"]).toContain(r.answer.mode);
      expect(r.ms).toBeGreaterThan(0);
      expect(r.score.fallback).toBe(r.answer.mode === "fallback");
    }
    for (const f of report(results)) {
      expect(f.n).toBe(HELDOUT.filter((c) => inCategory(c, f.category)).length);
      for (const share of [f.right, f.unrelated, f.fallback]) expect(share).toBeGreaterThanOrEqual(0);
    }
    expect(report(results).map((f) => f.category)).toEqual(CATEGORIES);
    const summary = report(results)
      .map((f) => `${f.category} ${f.right.toFixed(2)}/${f.unrelated.toFixed(2)}/${f.fallback.toFixed(2)}`)
      .join("; ");
    console.log(`[quality-eval pglite, held-out] right/unrelated/fallback: ${summary}`);
  });

  it("finds the passage by the words it has when the question adds one no passage has", async () => {
    const { db } = database();
    // "lỡ" is in no passage: it must not take the place of "phiếu", "bảo hành" and "mất" in the search.
    const q = "Cho em hỏi là lỡ mất phiếu bảo hành rồi thì có còn được bảo hành nữa không ạ?";
    const asked = await askAsVisitor(db, agents.minhkhoa, { q, lang: "vi" });
    expect(asked.answer.content).toContain("mất phiếu thì tiệm tra theo số điện thoại");
  });

  it("falls back on a place no passage names, though the branch it asks about is there", async () => {
    const { db } = database();
    const elsewhere = await askAsVisitor(db, agents.sen, {
      q: "Tiệm có chi nhánh ở Hà Nội không?",
      lang: "vi",
    });
    expect(elsewhere.answer.mode).toBe("fallback");
    const here = await askAsVisitor(db, agents.sen, {
      q: "Chi nhánh ở Vỹ Dạ có chỗ ngồi không?",
      lang: "vi",
    });
    expect(here.answer.mode).toBe("quote");
    expect(here.answer.content).toContain("112 Nguyễn Sinh Cung");
  });

  it("scores a question asked in the document's own words right, and nonsense as the fallback", async () => {
    const { db } = database();
    const verbatim: EvalCase = {
      id: "probe",
      agent: "sen",
      lang: "vi",
      q: "Bếp Sen mở cửa từ 6:30 đến 22:00 tất cả các ngày trong tuần",
      expect: ["mở cửa từ 6:30 đến 22:00"],
    };
    const asked = await askAsVisitor(db, agents.sen, verbatim);
    expect(scoreAnswer(verbatim, asked.answer)).toMatchObject({ right: true, fallback: false });
    const nonsense = await askAsVisitor(db, agents.oakridge, { q: "qzxv wplk brrt", lang: "en-en" });
    expect(scoreAnswer({ expect: null }, nonsense.answer)).toMatchObject({ right: true, fallback: true });
  });
});
