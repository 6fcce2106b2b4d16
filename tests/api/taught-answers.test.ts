import { beforeAll, describe, expect, it } from "vitest";
import type { TaughtAnswerItem } from "@/lib/contracts/answers";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { Visitor } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { baseUrl, bearerCall } from "../helpers/http";
import { BAKERY_FAQ_VI } from "../helpers/lingual-bakery";
import { sql } from "../helpers/sql";
import { MOCK_MODELS } from "../peers/openai";

/**
 * Issue 44 item 3 over HTTP: the owner teaches question → answer pairs (one phrasing or several), edits and
 * removes them; a visitor question close to one, in the same language or the other, gets the taught answer
 * word for word before any document passage, with or without a model, cited as "Answer from {owner}";
 * unrelated questions never get it; another owner's answers are never used or reachable; bad and hostile
 * input is refused in the owner's language; they count toward the plan's documents.
 */
const call = <T>(token: string, method: string, path: string, body?: unknown, lang = "en") =>
  bearerCall<{ data: T }>(token, method, path, body, lang);

const MOMO_VI = "Dạ có ạ, tiệm nhận MoMo và ZaloPay, không cần phí.";
const PARKING_EN = "Yes, free car parking right in front of the shop, for up to 2 hours.";
const HOURS_VI = "Chủ nhật tiệm mở từ 7 giờ đến 12 giờ trưa.";

let bakery: { token: string; agentId: string };
let other: { token: string; agentId: string };

async function ask(agentId: string, question: string, lang: "en" | "vi" = "en") {
  const answered = await new Visitor(undefined, lang).ask(agentId, question);
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return answered.body.data!.message;
}

beforeAll(async () => {
  const made = await ownerWithAgent({
    name: "Tiệm bánh Hoa Sen",
    model: "builtin",
    texts: [],
    files: [{ name: "cau-hoi-thuong-gap.md", content: BAKERY_FAQ_VI }],
  });
  bakery = { token: made.session.access, agentId: made.agentId };
  const second = await ownerWithAgent({ name: "Other Shop", model: "builtin", texts: [] });
  other = { token: second.session.access, agentId: second.agentId };
});

describe("teaching answers: create, list, edit, remove", () => {
  it("keeps one phrasing or several, trimmed, newest first, and edits and removes them", async () => {
    const one = await call<TaughtAnswerItem>(bakery.token, "POST", "/api/v1/agent/answers", {
      question: "  Tiệm có nhận MoMo không?  ",
      answer: `  ${MOMO_VI}\n`,
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.questions).toEqual(["Tiệm có nhận MoMo không?"]);
    expect(one.body.data.answer).toBe(MOMO_VI);

    const two = await call<TaughtAnswerItem>(bakery.token, "POST", "/api/v1/agent/answers", {
      questions: ["Is there car parking?", "Where can I park my car?"],
      answer: PARKING_EN,
    });
    expect(two.status).toBe(200);
    expect(two.body.data.questions).toHaveLength(2);

    const list = await call<TaughtAnswerItem[]>(bakery.token, "GET", "/api/v1/agent/answers");
    expect(list.status).toBe(200);
    expect(list.body.data.map((a) => a.id)).toEqual([two.body.data.id, one.body.data.id]);

    const edited = await call<TaughtAnswerItem>(
      bakery.token,
      "PATCH",
      `/api/v1/agent/answers/${two.body.data.id}`,
      { answer: `${PARKING_EN} ` },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.answer).toBe(PARKING_EN);
    expect(edited.body.data.questions).toEqual(["Is there car parking?", "Where can I park my car?"]);

    const gone = await call<{ id: string }>(
      bakery.token,
      "DELETE",
      `/api/v1/agent/answers/${two.body.data.id}`,
    );
    expect(gone.status).toBe(200);
    const again = await call(bakery.token, "DELETE", `/api/v1/agent/answers/${two.body.data.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error?.detail).toBe(en.errors.answer_not_found);
  });
});

describe("bad and hostile input", () => {
  const bad: [string, unknown, string][] = [
    ["an empty question", { question: "   ", answer: "x" }, "question"],
    ["no question at all", { answer: "x" }, "question"],
    ["an empty answer", { question: "Hours?", answer: " \n " }, "answer"],
    ["a question over 500 characters", { question: "q".repeat(501), answer: "x" }, "question"],
    ["an answer over 5,000 characters", { question: "Hours?", answer: "a".repeat(5001) }, "answer"],
    [
      "more than 10 phrasings",
      { questions: Array.from({ length: 11 }, (_, i) => `q${i}`), answer: "x" },
      "questions",
    ],
    ["a phrasing that is not text", { questions: [42], answer: "x" }, "questions.0"],
  ];
  for (const [what, body, field] of bad) {
    it(`refuses ${what}, in the owner's language`, async () => {
      const res = await call(bakery.token, "POST", "/api/v1/agent/answers", body, "vi");
      expect(res.status).toBe(422);
      expect(res.body.error?.message).toBe("validation_failed");
      expect(Object.keys(res.body.error?.fields ?? {})).toContain(field);
      expect(JSON.stringify(res.body)).toMatch(/[ạảãàáâầấậẩẫăằắặẳẵđêềếệểễôồốộổỗơờớợởỡưừứựửữ]/);
    });
  }

  it("refuses a huge body without reading it all, and never answers 5xx to garbage", async () => {
    const huge = await call(bakery.token, "POST", "/api/v1/agent/answers", {
      question: "Hours?",
      answer: "a".repeat(2_000_000),
    });
    expect([413, 422]).toContain(huge.status);
    const res = await fetch(`${baseUrl()}/api/v1/agent/answers`, {
      method: "POST",
      headers: { authorization: `Bearer ${bakery.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect([400, 422]).toContain(res.status);
  });

  it("treats another owner's answer, or a non-id, as not found", async () => {
    const theirs = await call<TaughtAnswerItem>(other.token, "POST", "/api/v1/agent/answers", {
      question: "Do you accept MoMo?",
      answer: "OTHER OWNER'S SECRET ANSWER",
    });
    expect(theirs.status).toBe(200);
    const id = theirs.body.data.id;
    for (const [method, body] of [
      ["PATCH", { answer: "taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(bakery.token, method, `/api/v1/agent/answers/${id}`, body);
      expect(res.status).toBe(404);
    }
    expect(
      (await call(bakery.token, "PATCH", "/api/v1/agent/answers/not-an-id", { answer: "x" })).status,
    ).toBe(404);
    const [row] = await sql<{ answer: string }>("select answer from taught_answers where id = $1", [id]);
    expect(row!.answer).toBe("OTHER OWNER'S SECRET ANSWER");
    const mine = await call<TaughtAnswerItem[]>(bakery.token, "GET", "/api/v1/agent/answers");
    expect(JSON.stringify(mine.body)).not.toContain("SECRET");
  });

  it("keeps HTML in an answer as text and gives it back as text", async () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)> Giờ mở cửa: 7h';
    const made = await call<TaughtAnswerItem>(bakery.token, "POST", "/api/v1/agent/answers", {
      question: "Có đoạn mã nào không?",
      answer: html,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.answer).toBe(html);
    const answered = await ask(bakery.agentId, "Có đoạn mã nào không?", "vi");
    expect(answered.content).toContain(html);
    await call(bakery.token, "DELETE", `/api/v1/agent/answers/${made.body.data.id}`);
  });
});

describe("answering: taught answers win", () => {
  beforeAll(async () => {
    const hours = await call(bakery.token, "POST", "/api/v1/agent/answers", {
      question: "Chủ nhật tiệm mở cửa mấy giờ?",
      answer: HOURS_VI,
    });
    expect(hours.status).toBe(200);
  });

  it("answers a question close to a taught one with the taught answer, over the document's passage", async () => {
    // The FAQ says "ví MoMo" too: the owner's own answer comes first, and alone.
    const m = await ask(bakery.agentId, "Tiệm có nhận MoMo không?", "vi");
    expect(m.mode).toBe("quote");
    expect(m.content).toContain(MOMO_VI);
    expect(m.content).not.toContain("Tiệm nhận tiền mặt");
    expect(m.sources[0]!.title).toBe(vi.answers.taughtFrom.replace("{owner}", "Tiệm bánh Hoa Sen"));
  });

  it("answers across languages: taught in Vietnamese, asked in English", async () => {
    const m = await ask(bakery.agentId, "What time do you open on Sunday?", "en");
    expect(m.content).toContain(HOURS_VI);
    expect(m.sources[0]!.title).toBe(en.answers.taughtFrom.replace("{owner}", "Tiệm bánh Hoa Sen"));
    const momo = await ask(bakery.agentId, "Do you accept MoMo?", "en");
    expect(momo.content).toContain(MOMO_VI);
  });

  it("answers across languages: taught in English, asked in Vietnamese", async () => {
    const made = await call<TaughtAnswerItem>(bakery.token, "POST", "/api/v1/agent/answers", {
      question: "Is there car parking?",
      answer: PARKING_EN,
    });
    expect(made.status).toBe(200);
    const m = await ask(bakery.agentId, "Có chỗ đậu xe ô tô không?", "vi");
    expect(m.content).toContain(PARKING_EN);
  });

  it("gives unrelated questions no taught answer", async () => {
    const unrelated = [
      "How much does the garlic butter bread cost?",
      "Bánh mì bơ tỏi giá bao nhiêu?",
      "Thẻ Vàng được giảm bao nhiêu phần trăm?",
      "Do you sell pizza?",
      "Can I bring my dog?",
      "What is your phone number?",
      "Do you deliver to District 7?",
      "Có ghi chữ lên bánh kem không?",
      "Học sinh được tặng gì?",
      "What time do you close on Monday?",
      "Do you accept credit cards?",
    ];
    for (const q of unrelated) {
      const m = await ask(bakery.agentId, q, q.match(/[ạảãàáâăđêôơư]/) ? "vi" : "en");
      for (const taught of [MOMO_VI, PARKING_EN, HOURS_VI]) expect(m.content, q).not.toContain(taught);
      expect(m.sources.map((s) => s.title).join(" "), q).not.toContain("Tiệm bánh Hoa Sen");
    }
  });

  it("never uses another owner's taught answer", async () => {
    const m = await ask(bakery.agentId, "Do you accept MoMo?", "en");
    expect(m.content).not.toContain("SECRET");
  });

  it("follows an edit and a removal at the next question", async () => {
    const list = await call<TaughtAnswerItem[]>(bakery.token, "GET", "/api/v1/agent/answers");
    const hours = list.body.data.find((a) => a.answer === HOURS_VI)!;
    const changed = "Chủ nhật tiệm nghỉ bán.";
    await call(bakery.token, "PATCH", `/api/v1/agent/answers/${hours.id}`, { answer: changed });
    expect((await ask(bakery.agentId, "Chủ nhật tiệm mở cửa mấy giờ?", "vi")).content).toContain(changed);
    await call(bakery.token, "DELETE", `/api/v1/agent/answers/${hours.id}`);
    const after = await ask(bakery.agentId, "Chủ nhật tiệm mở cửa mấy giờ?", "vi");
    expect(after.content).not.toContain(changed);
    expect(after.content).toContain("Chủ nhật tiệm mở cửa từ 7:00 đến 12:00");
  });

  it("gives the taught answer word for word with a model too, without asking the model", async () => {
    // A model that always fails: an answer that reaches it would be an error.
    const saved = await call(bakery.token, "POST", "/api/v1/agent", {
      name: "Tiệm bánh Hoa Sen",
      kind: "business",
      model: MOCK_MODELS.fail,
    });
    expect([200, 201]).toContain(saved.status);
    const m = await ask(bakery.agentId, "Do you accept MoMo?", "en");
    expect(m.status).toBe("complete");
    expect(m.content).toContain(MOMO_VI);
    await call(bakery.token, "POST", "/api/v1/agent", {
      name: "Tiệm bánh Hoa Sen",
      kind: "business",
      model: "builtin",
    });
  });
});

describe("plan limits", () => {
  it("counts taught answers as documents and refuses past the limit, naming the plan", async () => {
    const made = await ownerWithAgent({ name: "Full", model: "builtin", texts: [] });
    const [row] = await sql<{ id: string }>("select id from agents where public_id = $1", [made.agentId]);
    await sql(
      `insert into documents (agent_id, type, name, size, content_hash, status, characters)
       select $1::uuid, 'text', 'earlier ' || g, 10, 'seed-' || g, 'completed', 10 from generate_series(1, 99) g`,
      [row!.id],
    );
    const last = await call(made.session.access, "POST", "/api/v1/agent/answers", {
      question: "Q?",
      answer: "A.",
    });
    expect(last.status).toBe(200);
    for (const [lang, text, plan, limit] of [
      ["en", en.errors.limit_documents, "Free", "100"],
      ["vi", vi.errors.limit_documents, "Miễn phí", "100"],
    ] as const) {
      const over = await call(
        made.session.access,
        "POST",
        "/api/v1/agent/answers",
        { question: "Q2?", answer: "A." },
        lang,
      );
      expect(over.status).toBe(403);
      expect(over.body.error?.detail).toBe(text.replace("{plan}", plan).replace("{limit}", limit));
    }
  });
});
