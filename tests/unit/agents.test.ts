import { describe, expect, it } from "vitest";
import { newAgentPublicId, publicAgent } from "@/lib/agents/agent";
import { type AgentInput, agentInputSchema } from "@/lib/agents/input";
import { isPublicId } from "@/lib/agents/public-id";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { fieldErrors } from "@/lib/http/validation";
import { unitDatabase } from "../helpers/unit-db";
import {
  firstAgentOf as agentOfOwner,
  firstAgentView as ownerAgent,
  saveFirstAgent as saveOwnerAgent,
} from "../helpers/workspace-agents";

const database = unitDatabase();

let seq = 0;
async function newOwner(db: Db): Promise<string> {
  seq++;
  const [row] = await db
    .insert(users)
    .values({ membershipId: `AGENT${String(seq).padStart(3, "0")}` })
    .returning({ id: users.id });
  return row!.id;
}

const input = (raw: unknown): AgentInput => agentInputSchema.parse(raw);

describe("public ids", () => {
  it("are agent_ and 12 url-safe characters, valid for the public routes, and all different", () => {
    const ids = Array.from({ length: 500 }, newAgentPublicId);
    for (const id of ids) {
      expect(id).toMatch(/^agent_[A-Za-z0-9_-]{12}$/);
      expect(isPublicId(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the agent input", () => {
  it("trims, joins lines of the name, normalises to NFC and drops blank and repeated questions", () => {
    const parsed = input({
      name: "  Phòng   khám\nAn Bình ".normalize("NFD"),
      instructions: "  Be brief.\n\nBe kind.\u0000  ",
      suggested_questions: [" Giờ mở cửa? ", "", "   ", "Giờ mở cửa?", "Địa chỉ?"],
      greeting: "",
      fallback_message: null,
      model: "",
    });
    expect(parsed.name).toBe("Phòng khám An Bình");
    expect(parsed.name).toBe(parsed.name.normalize("NFC"));
    expect(parsed.instructions).toBe("Be brief.\n\nBe kind.");
    expect(parsed.suggested_questions).toEqual(["Giờ mở cửa?", "Địa chỉ?"]);
    expect(parsed.greeting).toBeNull();
    expect(parsed.fallback_message).toBeNull();
    expect(parsed.model).toBeNull();
  });

  it.each([
    [{}, "name", "This field is required."],
    [{ name: "   " }, "name", "This field is required."],
    [{ name: 42 }, "name", "This value is not valid."],
    [{ name: "x".repeat(121) }, "name", "At most 120 characters."],
    [{ name: "A", kind: "company" }, "kind", "Choose one of the allowed values."],
    [{ name: "A", language: "fr" }, "language", "Choose one of the allowed values."],
    [{ name: "A", instructions: "x".repeat(4001) }, "instructions", "At most 4000 characters."],
    [
      { name: "A", suggested_questions: ["1", "2", "3", "4", "5", "6", "7"] },
      "suggested_questions",
      "At most 6.",
    ],
    [
      { name: "A", suggested_questions: ["ok", "q".repeat(201)] },
      "suggested_questions.1",
      "At most 200 characters.",
    ],
    [{ name: "A", suggested_questions: "what?" }, "suggested_questions", "This value is not valid."],
    [{ name: "A", model: "x".repeat(101) }, "model", "At most 100 characters."],
    [{ name: "A", model: "gpt 4; drop" }, "model", "This value is not valid."],
    [{ name: "A", greeting: "g".repeat(501) }, "greeting", "At most 500 characters."],
  ])("refuses %j with a field message", (raw, field, message) => {
    const result = agentInputSchema.safeParse(raw, { reportInput: true });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!, "en")[field]).toBe(message);
  });

  it("says why in Vietnamese too", () => {
    const result = agentInputSchema.safeParse({ name: "", kind: "x" }, { reportInput: true });
    expect(fieldErrors(result.error!, "vi")).toEqual({
      name: "Trường này là bắt buộc.",
      kind: "Vui lòng chọn một trong các giá trị cho phép.",
    });
  });

  it("accepts exactly the limits", () => {
    const parsed = input({
      name: "n".repeat(120),
      instructions: "i".repeat(4000),
      suggested_questions: Array.from({ length: 6 }, (_, i) => `${i}${"q".repeat(199)}`),
      model: "m".repeat(100),
    });
    expect(parsed.suggested_questions).toHaveLength(6);
  });
});

describe("saving the owner's agent", () => {
  it("creates it with defaults in the owner's language, then finds it by owner and public id", async () => {
    const { db } = database();
    const owner = await newOwner(db);
    expect(await ownerAgent(db, owner, "en")).toBeNull();

    const { agent, created } = await saveOwnerAgent(db, owner, input({ name: "Phòng khám An Bình" }), "vi");
    expect(created).toBe(true);
    expect(agent).toMatchObject({
      name: "Phòng khám An Bình",
      kind: "business",
      instructions: "",
      greeting: "Xin chào! Tôi là trợ lý của Phòng khám An Bình. Tôi có thể giúp gì cho bạn?",
      suggested_questions: [],
      fallback_message: "Hiện tôi chưa có thông tin về vấn đề này.",
      language: "auto",
      model: null,
    });
    expect(agent.id).toMatch(/^agent_[A-Za-z0-9_-]{12}$/);
    // Stored, not computed per request: the owner reads their Vietnamese texts on an English page too...
    const { visitor_greeting: onEnglishPage, ...sameTexts } = (await ownerAgent(db, owner, "en"))!;
    const { visitor_greeting: onVietnamesePage, ...saved } = agent;
    expect(sameTexts).toEqual(saved);
    // ...but their own chat greets them as a visitor of that page is greeted (/en/chat as /en/c/{id}).
    expect(onVietnamesePage).toBe(agent.greeting);
    expect(onEnglishPage).toBe("Hi! I'm the assistant of Phòng khám An Bình. How can I help?");
    expect(onEnglishPage).toBe((await publicAgent(db, agent.id, "en"))?.greeting);
    // A visitor of an agent that answers in the visitor's language reads untouched defaults in the page's
    // language; texts the owner wrote, and agents set to one language, stay as they are.
    const en = await publicAgent(db, agent.id, "en");
    expect(en?.greeting).toBe("Hi! I'm the assistant of Phòng khám An Bình. How can I help?");
    expect(en?.fallback_message).not.toBe(agent.fallback_message);
    expect((await publicAgent(db, agent.id, "vi"))?.greeting).toBe(agent.greeting);
    await saveOwnerAgent(db, owner, input({ name: "Phòng khám An Bình", language: "vi" }), "vi");
    expect((await publicAgent(db, agent.id, "en"))?.greeting).toBe(agent.greeting);
    await saveOwnerAgent(
      db,
      owner,
      input({ name: "Phòng khám An Bình", language: "auto", greeting: "Chào bạn!" }),
      "vi",
    );
    expect((await publicAgent(db, agent.id, "en"))?.greeting).toBe("Chào bạn!");
    expect((await ownerAgent(db, owner, "en"))?.visitor_greeting).toBe("Chào bạn!");
  });

  it("updates the one agent: absent fields are kept, emptied ones return to the default, the id stays", async () => {
    const { db } = database();
    const owner = await newOwner(db);
    const first = await saveOwnerAgent(
      db,
      owner,
      input({
        name: "Ada",
        kind: "individual",
        instructions: "Be brief.",
        greeting: "Hello there",
        suggested_questions: ["Who are you?"],
        language: "en",
        model: "gpt-4o-mini",
      }),
      "en",
    );
    const second = await saveOwnerAgent(db, owner, input({ name: "Ada L.", greeting: "" }), "en");
    expect(second.created).toBe(false);
    expect(second.agent).toMatchObject({
      id: first.agent.id,
      name: "Ada L.",
      kind: "individual",
      instructions: "Be brief.",
      greeting: "Hi! I'm the assistant of Ada L.. How can I help?",
      suggested_questions: ["Who are you?"],
      language: "en",
      model: "gpt-4o-mini",
    });
    const third = await saveOwnerAgent(
      db,
      owner,
      input({ name: "Ada L.", suggested_questions: [], model: null }),
      "en",
    );
    expect(third.agent.suggested_questions).toEqual([]);
    expect(third.agent.model).toBeNull();
    expect(Date.parse(third.agent.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.agent.updated_at));
  });

  it("renames a default greeting with the agent but never one the owner wrote", async () => {
    const { db } = database();
    const owner = await newOwner(db);
    await saveOwnerAgent(db, owner, input({ name: "Sở Tư pháp" }), "vi");
    const renamed = await saveOwnerAgent(db, owner, input({ name: "Sở Tư pháp Hà Nội" }), "en");
    // The default stays in the language it was written in, whatever language this request came in.
    expect(renamed.agent.greeting).toBe(
      "Xin chào! Tôi là trợ lý của Sở Tư pháp Hà Nội. Tôi có thể giúp gì cho bạn?",
    );

    await saveOwnerAgent(
      db,
      owner,
      input({ name: "Sở Tư pháp Hà Nội", greeting: "Kính chào quý khách" }),
      "vi",
    );
    const again = await saveOwnerAgent(db, owner, input({ name: "Sở Tư pháp TP. HCM" }), "vi");
    expect(again.agent.greeting).toBe("Kính chào quý khách");
  });

  it("keeps owners apart: one agent each, never another's", async () => {
    const { db } = database();
    const a = await newOwner(db);
    const b = await newOwner(db);
    const agentA = (await saveOwnerAgent(db, a, input({ name: "A corp" }), "en")).agent;
    expect(await ownerAgent(db, b, "en")).toBeNull();
    const agentB = await saveOwnerAgent(db, b, input({ name: "B corp" }), "en");
    expect(agentB.created).toBe(true);
    expect(agentB.agent.id).not.toBe(agentA.id);
    expect((await ownerAgent(db, a, "en"))?.name).toBe("A corp");
  });

  it("makes one agent when the owner's first two saves race", async () => {
    const { db } = database();
    const owner = await newOwner(db);
    const results = await Promise.all([
      saveOwnerAgent(db, owner, input({ name: "First" }), "en"),
      saveOwnerAgent(db, owner, input({ name: "Second" }), "en"),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results[0]!.agent.id).toBe(results[1]!.agent.id);
    const stored = await agentOfOwner(db, owner);
    expect(["First", "Second"]).toContain(stored?.name);
  });
});

describe("the public view", () => {
  it("has only the public fields", async () => {
    const { db } = database();
    const owner = await newOwner(db);
    const { agent } = await saveOwnerAgent(
      db,
      owner,
      input({ name: "Shop", instructions: "secret sauce", model: "m1", suggested_questions: ["Price?"] }),
      "en",
    );
    const seen = await publicAgent(db, agent.id, "vi");
    expect(Object.keys(seen ?? {}).sort()).toEqual(
      [
        "fallback_message",
        "greeting",
        "icon",
        "id",
        "kind",
        "language",
        "name",
        "suggested_question_icons",
        "suggested_questions",
      ].sort(),
    );
    expect(JSON.stringify(seen)).not.toContain("secret sauce");
    expect(JSON.stringify(seen)).not.toContain(owner);
    expect(seen?.suggested_questions).toEqual(["Price?"]);
  });

  it.each(["agent_doesnotexist", "bad id!", "", "x".repeat(65), "../../etc/passwd"])(
    "finds nothing for %j",
    async (id) => {
      expect(await publicAgent(database().db, id, "en")).toBeNull();
    },
  );
});
