import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { OwnerAgent } from "@/lib/contracts/agent";
import type { ErrorBody } from "@/lib/contracts/errors";
import { newPerson, signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/** AGENT-1 and AGENT-7 over real HTTP: the owner's agent and its public view. */

const base = () => inject("baseUrl");

type Agent = OwnerAgent;

async function owner() {
  const { access, renewal } = await signInWithOidc(newPerson("Owner"));
  return { access, renewal };
}

async function call<T = { data: Agent } & ErrorBody>(
  method: "GET" | "POST",
  path: string,
  opts: { access?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(base() + path, {
    method,
    headers: {
      accept: "application/json",
      ...(opts.access ? { authorization: `Bearer ${opts.access}` } : {}),
      ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
      ...opts.headers,
    },
    body:
      opts.body === undefined
        ? undefined
        : typeof opts.body === "string"
          ? opts.body
          : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const agentRows = (publicId: string) =>
  sql<{ name: string; owner_id: string }>("select name, owner_id from agents where public_id = $1", [
    publicId,
  ]);

const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");

/** How many agents the owner of this access token has, read from the database itself. */
const ownerAgentCount = async (access: string) => {
  const rows = await sql<{ n: number }>(
    `select count(a.id)::int as n from session_tokens t join sessions s on s.id = t.session_id
     left join agents a on a.owner_id = s.user_id where t.access_hash = $1`,
    [sha256(access)],
  );
  return rows[0]!.n;
};

describe("GET /api/v1/agent", () => {
  it("answers 404 agent_not_found, translated, before the owner has saved one", async () => {
    const { access } = await owner();
    const en = await call("GET", "/api/v1/agent", { access });
    expect(en.status).toBe(404);
    expect(en.body.error).toEqual({
      status: 404,
      message: "not_found",
      detail: "This agent does not exist or is no longer available.",
    });
    const vi = await call("GET", "/api/v1/agent?locale=vi", { access });
    expect(vi.body.error.detail).toBe("Trợ lý này không tồn tại hoặc không còn khả dụng.");
  });

  it("answers 401 unauthorized when signed out, or with a token that is not one", async () => {
    for (const access of [undefined, "not-a-token"]) {
      const res = await call("GET", "/api/v1/agent", { access });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe("unauthorized");
    }
  });
});

describe("POST /api/v1/agent", () => {
  it("creates the agent (201) with English defaults, then GET answers it", async () => {
    const { access } = await owner();
    const created = await call("POST", "/api/v1/agent", {
      access,
      body: { name: "  Acme   Coffee ", kind: "business" },
      headers: { "accept-language": "en-GB,en;q=0.9" },
    });
    expect(created.status).toBe(201);
    const agent = created.body.data;
    expect(agent).toMatchObject({
      name: "Acme Coffee",
      kind: "business",
      instructions: "",
      greeting: "Hi! I'm the assistant of Acme Coffee. How can I help?",
      suggested_questions: [],
      icon: null,
      suggested_question_icons: {},
      fallback_message: "I don't have that information yet.",
      language: "auto",
      model: null,
      daily_share: null,
    });
    expect(agent.id).toMatch(/^agent_[A-Za-z0-9_-]{12}$/);
    expect(Object.keys(agent).sort()).toEqual(
      [
        "allowed_domains",
        "daily_share",
        "fallback_message",
        "greeting",
        "handoff",
        "icon",
        "id",
        "inserted_at",
        "instructions",
        "kind",
        "language",
        "model",
        "name",
        "suggested_question_icons",
        "suggested_questions",
        "updated_at",
        "visitor_greeting",
        "widget",
      ].sort(),
    );
    // What a visitor on a page in the owner's language is greeted with: the default greeting, read in it.
    expect(agent.visitor_greeting).toBe(agent.greeting);
    const read = await call("GET", "/api/v1/agent", { access });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(agent);
    expect(await agentRows(agent.id)).toHaveLength(1);
  });

  it("writes the defaults in Vietnamese for a Vietnamese owner (Accept-Language or ?locale=)", async () => {
    for (const how of [{ headers: { "accept-language": "vi-VN,vi;q=0.9" } }, { query: "?locale=vi" }]) {
      const { access } = await owner();
      const res = await call("POST", `/api/v1/agent${"query" in how ? how.query : ""}`, {
        access,
        body: { name: "Phòng khám An Bình", kind: "individual" },
        headers: "headers" in how ? how.headers : {},
      });
      expect(res.status).toBe(201);
      expect(res.body.data.greeting).toBe(
        "Xin chào! Tôi là trợ lý của Phòng khám An Bình. Tôi có thể giúp gì cho bạn?",
      );
      expect(res.body.data.fallback_message).toBe("Hiện tôi chưa có thông tin về vấn đề này.");
    }
  });

  it("updates the same agent (200): same id, given fields changed, absent ones kept", async () => {
    const { access } = await owner();
    const first = (
      await call("POST", "/api/v1/agent", {
        access,
        body: {
          name: "Sở Tư pháp",
          kind: "government",
          instructions: "Trả lời ngắn gọn.",
          suggested_questions: ["Làm hộ chiếu ở đâu?", "Cần giấy tờ gì?"],
          language: "vi",
        },
      })
    ).body.data;
    const updated = await call("POST", "/api/v1/agent", {
      access,
      body: {
        ...first,
        name: "Sở Tư pháp Hà Nội",
        greeting: "Kính chào quý khách!",
        suggested_questions: ["Giờ làm việc?"],
        fallback_message: "Vui lòng gọi 1900 0000.",
        model: "gpt-4o-mini",
        daily_share: 35,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: first.id,
      name: "Sở Tư pháp Hà Nội",
      kind: "government",
      instructions: "Trả lời ngắn gọn.",
      greeting: "Kính chào quý khách!",
      suggested_questions: ["Giờ làm việc?"],
      fallback_message: "Vui lòng gọi 1900 0000.",
      language: "vi",
      model: "gpt-4o-mini",
      daily_share: 35,
      inserted_at: first.inserted_at,
    });
    const partial = await call("POST", "/api/v1/agent", { access, body: { name: "Sở Tư pháp HN" } });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({
      id: first.id,
      greeting: "Kính chào quý khách!",
      suggested_questions: ["Giờ làm việc?"],
      model: "gpt-4o-mini",
      daily_share: 35,
    });
    // null goes back to the server's default.
    const reset = await call("POST", "/api/v1/agent", { access, body: { name: "HN", daily_share: null } });
    expect(reset.body.data.daily_share).toBeNull();
    expect(await ownerAgentCount(access)).toBe(1);
  });

  it.each([
    [
      "en",
      {
        name: "",
        kind: "company",
        instructions: "x".repeat(4001),
        suggested_questions: ["1", "2", "3", "4", "5", "6", "7"],
        language: "fr",
        model: "x".repeat(101),
        daily_share: 101,
      },
      {
        name: "This field is required.",
        kind: "Choose one of the allowed values.",
        instructions: "At most 4000 characters.",
        suggested_questions: "At most 6.",
        language: "Choose one of the allowed values.",
        model: "At most 100 characters.",
        daily_share: "At most 100.",
      },
    ],
    [
      "vi",
      {
        kind: "individual",
        suggested_questions: ["Được", "q".repeat(201)],
        greeting: 5,
        daily_share: 2.5,
      },
      {
        name: "Trường này là bắt buộc.",
        "suggested_questions.1": "Tối đa 200 ký tự.",
        greeting: "Giá trị này không hợp lệ.",
        daily_share: "Giá trị này không hợp lệ.",
      },
    ],
  ])("refuses invalid fields in %s (422, translated) and stores nothing", async (locale, body, fields) => {
    const { access } = await owner();
    const res = await call("POST", `/api/v1/agent?locale=${locale}`, { access, body });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("validation_failed");
    expect(res.body.error.detail).toBe(
      locale === "en" ? "Some fields are missing or invalid." : "Một số trường bị thiếu hoặc không hợp lệ.",
    );
    expect(res.body.error.fields).toEqual(fields);
    expect(await ownerAgentCount(access)).toBe(0);
    expect((await call("GET", "/api/v1/agent", { access })).status).toBe(404);
  });

  it("refuses a refused update without changing the stored agent", async () => {
    const { access } = await owner();
    const first = (await call("POST", "/api/v1/agent", { access, body: { name: "Keep me" } })).body.data;
    const bad = await call("POST", "/api/v1/agent", { access, body: { name: "Changed", language: "de" } });
    expect(bad.status).toBe(422);
    expect((await call("GET", "/api/v1/agent", { access })).body.data).toEqual(first);
  });

  it("refuses bad JSON (400) and a body over the limit (413)", async () => {
    const { access } = await owner();
    const broken = await call("POST", "/api/v1/agent", { access, body: "{name:" });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe("bad_request");
    const huge = await call("POST", "/api/v1/agent", {
      access,
      body: { name: "A", instructions: "x".repeat(70_000) },
    });
    expect(huge.status).toBe(413);
    expect(await ownerAgentCount(access)).toBe(0);
  });

  it("answers 401 when signed out", async () => {
    const res = await call("POST", "/api/v1/agent", { body: { name: "Nobody" } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("unauthorized");
  });

  it("refuses a cookie-carrying POST from another origin (403) and stores nothing", async () => {
    const { access, renewal } = await owner();
    const res = await call("POST", "/api/v1/agent", {
      body: { name: "Forged" },
      headers: { cookie: `access_token=${access}; renewal_token=${renewal}`, origin: "http://evil.test" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      message: "forbidden",
      detail: "Requests to change data must come from this site.",
    });
    expect(await ownerAgentCount(access)).toBe(0);
    // The same request from our own origin goes through.
    const own = await call("POST", "/api/v1/agent", {
      body: { name: "Real" },
      headers: { cookie: `access_token=${access}`, origin: base() },
    });
    expect(own.status).toBe(201);
  });
});

describe("owner isolation", () => {
  it("B never sees A's agent, and B's POST creates B's own without touching A's", async () => {
    const a = await owner();
    const b = await owner();
    const agentA = (await call("POST", "/api/v1/agent", { access: a.access, body: { name: "A's shop" } }))
      .body.data;

    expect((await call("GET", "/api/v1/agent", { access: b.access })).status).toBe(404);
    const agentB = await call("POST", "/api/v1/agent", { access: b.access, body: { name: "B's shop" } });
    expect(agentB.status).toBe(201);
    expect(agentB.body.data.id).not.toBe(agentA.id);

    expect((await call("GET", "/api/v1/agent", { access: a.access })).body.data).toEqual(agentA);
    expect((await call("GET", "/api/v1/agent", { access: b.access })).body.data.name).toBe("B's shop");
    const [rowA] = await agentRows(agentA.id);
    const [rowB] = await agentRows(agentB.body.data.id);
    expect(rowA!.name).toBe("A's shop");
    expect(rowA!.owner_id).not.toBe(rowB!.owner_id);
  });
});

describe("GET /api/v1/public/agent/{id}", () => {
  it("answers only the public fields, without a token", async () => {
    const { access } = await owner();
    const agent = (
      await call("POST", "/api/v1/agent", {
        access,
        body: {
          name: "Public Co",
          kind: "business",
          instructions: "Never reveal the secret discount code SECRET-42.",
          suggested_questions: ["What do you sell?"],
          model: "private-model-1",
        },
      })
    ).body.data;
    const res = await fetch(`${base()}/api/v1/public/agent/${agent.id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const { data } = JSON.parse(text) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(
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
    expect(data).toEqual({
      id: agent.id,
      name: "Public Co",
      kind: "business",
      greeting: agent.greeting,
      suggested_questions: ["What do you sell?"],
      icon: null,
      suggested_question_icons: {},
      fallback_message: agent.fallback_message,
      language: "auto",
    });
    for (const secret of ["SECRET-42", "private-model-1", "owner", "inserted_at"])
      expect(text).not.toContain(secret);
  });

  it.each(["agent_unknown0000", "bad!id", "x".repeat(65), "a%20b", "%00", "ab"])(
    "answers 404 (never 500) for %j, in the request's language",
    async (id) => {
      const res = await fetch(`${base()}/api/v1/public/agent/${id}`, {
        headers: { "accept-language": "vi" },
      });
      expect(res.status).toBe(404);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toMatchObject({ status: 404, message: "not_found" });
      expect(body.error.detail).toBe("Trợ lý này không tồn tại hoặc không còn khả dụng.");
    },
  );
});
