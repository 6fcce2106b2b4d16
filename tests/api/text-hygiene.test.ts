import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AGENT_BODY_LIMIT } from "@/lib/contracts/agent";
import type { AddResult as AddData } from "@/lib/contracts/training";
import { type Message, ownerApi, trainedAgent, Visitor } from "../helpers/chat";
import { baseUrl } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/**
 * SEC-3 over real HTTP: a corpus of NUL, other controls, bidi overrides and lone surrogates through every
 * route family. Never a 5xx; what is stored is clean; no stored file is left without its row (or a row
 * without its file); the text snippet route takes its full 200,000 characters in any script.
 */

// NUL, BEL, ESC, DEL, a C1 control, RLO, LRI, PDI, a lone high surrogate, CRLF.
const HOSTILE = "A\u0000B\u0007C\u001bD\u007fE\u0085F\u202eG\u2066H\u2069I\uD800J\r\nK";
const CLEAN_TEXT = "ABCDEFGHI\uFFFDJ\nK";
const CLEAN_LINE = "ABCDEFGHI\uFFFDJ K";
/** What no stored text may hold: controls but tab and newline, bidi overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
const DIRTY = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const ip = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function raw(
  method: string,
  p: string,
  opts: { token?: string; body?: BodyInit; type?: string; lang?: string } = {},
) {
  const res = await fetch(`${baseUrl()}${p}`, {
    method,
    headers: {
      origin: baseUrl(),
      "x-forwarded-for": ip(),
      "accept-language": opts.lang ?? "en",
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.type ? { "content-type": opts.type } : {}),
    },
    body: opts.body,
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, text, json };
}

type AddResult = { data: AddData };

/** Every file under the agent's folder in DATA_DIR/files against the rows that name one. */
async function storedFilesAndRows(agentPublicId: string) {
  const [agent] = await sql<{ id: string }>("select id from agents where public_id = $1", [agentPublicId]);
  const dir = path.join(inject("dataDir"), "files", "agents", agent!.id);
  const files = await readdir(dir).catch(() => [] as string[]);
  const rows = await sql<{ storage_key: string | null; type: string }>(
    "select storage_key, type from documents where agent_id = $1",
    [agent!.id],
  );
  const keys = rows
    .filter((r) => r.type !== "url")
    .map((r) => r.storage_key)
    .sort();
  return { files: files.map((f) => `agents/${agent!.id}/${f}`).sort(), keys };
}

describe("NUL, control and bidi characters through every route family", () => {
  let access: string;
  let agentId: string;
  let visitor: Visitor;
  let answer: Message;

  // trainedAgent polls with expect, which only works inside a test: the first test that needs it starts it.
  let training: Promise<void> | undefined;
  const ready = () =>
    (training ??= trainedAgent({
      texts: [{ title: "Giờ mở cửa", content: "Tiệm mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày." }],
    }).then((trained) => {
      access = trained.access;
      agentId = trained.agentId;
      visitor = new Visitor();
    }));

  it("public chat: a visitor's message is answered and stored clean", async () => {
    await ready();
    const asked = await visitor.ask(agentId, `${HOSTILE} giờ mở cửa?`);
    expect(asked.status).toBe(200);
    expect(asked.body.data!.question.content).toBe(`${CLEAN_TEXT} giờ mở cửa?`);
    answer = asked.body.data!.message;
    const [row] = await sql<{ content: string }>("select content from messages where public_id = $1", [
      asked.body.data!.question.id,
    ]);
    expect(row!.content).toBe(`${CLEAN_TEXT} giờ mở cửa?`);
    const [conversation] = await sql<{ title: string }>(
      "select title from conversations where public_id = $1",
      [asked.body.data!.conversation_id],
    );
    expect(conversation!.title).not.toMatch(DIRTY);
  });

  it("public chat: a message of nothing but controls is a translated 422, not a 500", async () => {
    await ready();
    const asked = await new Visitor(undefined, "vi").ask(agentId, "\u0000\u0001\u202e");
    expect(asked.status).toBe(422);
    expect(asked.body.error!.detail).toMatch(/không hợp lệ/);
  });

  it("feedback: a comment is stored clean", async () => {
    await ready();
    const rated = await visitor.rate(answer.id, false, HOSTILE);
    expect(rated.status).toBe(200);
    const [row] = await sql<{ feedback_comment: string }>(
      "select feedback_comment from messages where public_id = $1",
      [answer.id],
    );
    expect(row!.feedback_comment).toBe(CLEAN_TEXT);
  });

  it("owner chat: the test message is stored clean", async () => {
    await ready();
    const asked = await ownerApi<{ data: { question: Message } }>(
      access,
      "POST",
      "/api/v1/agent/conversation/message",
      { content: `${HOSTILE} mở cửa?` },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.data.question.content).toBe(`${CLEAN_TEXT} mở cửa?`);
  });

  it("agent setup: names, questions and texts are stored clean", async () => {
    await ready();
    const saved = await ownerApi<{ data: Record<string, unknown> }>(access, "POST", "/api/v1/agent", {
      name: `Tiệm ${HOSTILE}\u200e`,
      instructions: HOSTILE,
      greeting: HOSTILE,
      suggested_questions: [HOSTILE, `\u202e${HOSTILE}`],
    });
    expect(saved.status).toBe(200);
    const [row] = await sql<Record<string, unknown>>(
      "select name, instructions, greeting, suggested_questions from agents where public_id = $1",
      [agentId],
    );
    expect(row).toEqual({
      name: `Tiệm ${CLEAN_LINE}`,
      instructions: CLEAN_TEXT,
      greeting: CLEAN_TEXT,
      suggested_questions: [CLEAN_LINE],
    });
  });

  it("training: a snippet's title and text are stored clean, with their file", async () => {
    await ready();
    const added = await ownerApi<AddResult>(access, "POST", "/api/v1/agent/document", {
      type: "text",
      title: `Ghi chú ${HOSTILE}`,
      content: `Nội dung ${HOSTILE}`,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.accepted.map((d) => d.name)).toEqual([`Ghi chú ${CLEAN_LINE}`]);
    const [row] = await sql<{ name: string }>("select name from documents where id = $1", [
      added.body.data.accepted[0]!.id,
    ]);
    expect(row!.name).toBe(`Ghi chú ${CLEAN_LINE}`);
  });

  it("training: a title of nothing but controls is refused and stores nothing", async () => {
    await ready();
    const before = await storedFilesAndRows(agentId);
    const added = await ownerApi(
      access,
      "POST",
      "/api/v1/agent/document",
      { type: "text", title: "\u0000\u202e\u0001", content: "Một đoạn văn bản hợp lệ." },
      "vi",
    );
    expect(added.status).toBe(422);
    expect((added.body.error as { fields?: Record<string, string> }).fields).toHaveProperty("title");
    expect(await storedFilesAndRows(agentId)).toEqual(before);
  });

  it("training: a website address with controls in it is checked, never a 500", async () => {
    await ready();
    const site = inject("siteUrl");
    const added = await ownerApi<AddResult>(access, "POST", "/api/v1/agent/document", {
      type: "url",
      url: `\u0000${site}\u202e`,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.accepted[0]!.name).not.toMatch(DIRTY);
  });

  it("training: file names are cleaned and shortened, one file at a time, the batch kept", async () => {
    await ready();
    const long = `${"bao-cao-thang-".repeat(22)}.txt`;
    const names = ["a\u0001b.txt", "c\u007fd.txt", "report\u202efdp.txt", "n\u0000ul.md", long];
    const form = new FormData();
    for (const [i, name] of names.entries()) {
      form.append("files", new Blob([`Tài liệu số ${i} của tiệm bánh.`]), name);
    }
    const added = await raw("POST", "/api/v1/agent/document", { token: access, body: form });
    expect(added.status).toBe(200);
    const data = (added.json as AddResult).data;
    expect(data.rejected).toEqual([]);
    const stored = data.accepted.map((d) => d.name);
    expect(stored.slice(0, 4)).toEqual(["ab.txt", "cd.txt", "reportfdp.txt", "nul.md"]);
    expect(Array.from(stored[4]!)).toHaveLength(200);
    expect(stored[4]!.endsWith(".txt")).toBe(true);
  });

  it("profile: GraphQL update_profile stores clean names, from variables and from literals", async () => {
    await ready();
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      raw("POST", "/api/graphql", {
        token: access,
        type: "application/json",
        body: JSON.stringify({ query, variables }),
      });
    const byVariables = await gql(
      "mutation U($input: ProfileInput!) { update_profile(input: $input) { first_name last_name } }",
      { input: { first_name: HOSTILE, last_name: `\u202eNguyễn\u200f` } },
    );
    expect(byVariables.status).toBe(200);
    expect(byVariables.json).toEqual({
      data: { update_profile: { first_name: CLEAN_LINE, last_name: "Nguyễn" } },
    });
    const byLiteral = await gql(
      'mutation { update_profile(input: {first_name: "An\\u0000\\u202eh", last_name: "B\\u0007"}) { first_name last_name } }',
    );
    expect(byLiteral.status).toBe(200);
    expect(byLiteral.json).toEqual({ data: { update_profile: { first_name: "Anh", last_name: "B" } } });
    const onlyControls = await gql(
      "mutation U($input: ProfileInput!) { update_profile(input: $input) { first_name } }",
      { input: { first_name: "\u0000\u202e" } },
    );
    expect(onlyControls.status).toBeLessThan(500);
    expect(onlyControls.text).not.toMatch(/internal/i);
  });

  it("history: hostile query strings answer without a 5xx and find clean text", async () => {
    await ready();
    const q = encodeURIComponent(`\u0000giờ\u202e`);
    const search = await raw("GET", `/api/v1/agent/conversations?q=${q}`, { token: access });
    expect(search.status).toBe(200);
    expect((search.json as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const hostile = [
      "/api/v1/agent/conversations?q=%00&last_id=%00%FF&tz=%00&date=%00",
      "/api/v1/agent/conversations?tz=Asia%2FHo_Chi_Minh%00&date=2026-01-01%E2%80%AE",
      "/api/v1/agent/conversations?q=%E2%80%AE%C0%AF%ED%A0%80&last_id=agent_%00",
      "/api/v1/agent/conversation/messages?conversation_id=%00&last_id=%FF",
      "/api/v1/agent/conversations/days?from=%00&to=%FF&tz=%0D%0A",
      "/api/v1/agent/conversations/export?date=%00&format=%00",
      "/api/v1/agent/insights?from=2026-01-01%00&to=%00&tz=%00",
      "/api/v1/agent/documents?page=%00",
      "/api/v1/agent/documents?page=1e400",
      "/api/v1/agent/documents?page=-99999999999999999999999",
      "/api/v1/public/agent/conversation/messages?conversation_id=%00%FF",
      `/api/v1/public/agent/${encodeURIComponent("\u0000")}`,
      "/api/v1/agent/document/%00",
      "/api/graphql?query=%7Bprofile%7Bfirst_name%7D%7D&variables=%00",
      "/api/graphql?query=%00",
      "/oauth2/auth?provider=%00&redirect_uri=%00",
      "/api/v1/auth/oidc/new?referral-code=%00%E2%80%AE",
    ];
    for (const p of hostile) {
      const res = await raw("GET", p, { token: access });
      expect(res.status, `${p}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it("nothing stored is left without its row, and no row without its file", async () => {
    await ready();
    const { files, keys } = await storedFilesAndRows(agentId);
    expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
    expect(files).toEqual(keys);
  });
});

describe("malformed bodies on every JSON route answer 4xx, never 5xx", () => {
  let access: string;
  let messageId: string;

  let training: Promise<void> | undefined;
  const ready = () =>
    (training ??= trainedAgent({ texts: [{ title: "Menu", content: "Bánh mì thịt giá 25 nghìn." }] }).then(
      async (trained) => {
        access = trained.access;
        const asked = await new Visitor().ask(trained.agentId, "bánh mì giá bao nhiêu?");
        messageId = asked.body.data!.message.id;
      },
    ));

  const bodies: [string, BodyInit][] = [
    ["not JSON", "{"],
    ["an array", "[]"],
    ["a string", '"x"'],
    ["null", "null"],
    [
      "arrays instead of strings",
      '{"name":["a"],"content":["a"],"title":["a"],"type":"text","helpful":[true]}',
    ],
    ["objects instead of strings", '{"name":{},"content":{},"agent_id":{},"email":{},"code":{}}'],
    ["huge numbers", '{"name":1e999,"content":-1e999,"helpful":1e400,"page":123456789012345678901234567890}'],
    // Bad bytes and lone surrogates inside otherwise valid (but incomplete) bodies: read, never a 500.
    ["bad UTF-8", new Uint8Array([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0xaf, 0x22, 0x7d])],
    ["a lone surrogate escape", '{"x":"\\ud800","y":"\\udc00"}'],
    ["deep nesting", `${"[".repeat(30_000)}${"]".repeat(30_000)}`],
    ["a __proto__ key", '{"__proto__":{"name":"x"},"constructor":{"prototype":{"x":1}}}'],
  ];

  it("on each route family", async () => {
    await ready();
    const routes: { p: string; token?: boolean }[] = [
      { p: "/api/v1/agent", token: true },
      { p: "/api/v1/agent/document", token: true },
      { p: "/api/v1/agent/conversation/message", token: true },
      { p: "/api/v1/public/agent/conversation/message" },
      { p: `/api/v1/agent/conversation/message/${messageId}/feedback`, token: true },
      { p: "/api/graphql", token: true },
      { p: "/oauth2/otp" },
      { p: "/oauth2/otp/verify" },
      { p: "/api/v1/auth/oidc/callback" },
      { p: "/api/v1/user/session/renew" },
    ];
    for (const route of routes) {
      for (const [what, body] of bodies) {
        const res = await raw("POST", route.p, {
          token: route.token ? access : undefined,
          type: "application/json",
          body,
        });
        expect(res.status, `${route.p} with ${what}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route.p} with ${what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.json, `${route.p} with ${what}`).toHaveProperty(
          route.p === "/api/graphql" ? "errors" : "error",
        );
      }
    }
  });

  it("each route reads what its schema allows, however escaped, and answers 413 beyond", async () => {
    await ready();
    /** A JSON body with every non-ASCII character as a \uXXXX escape, as Python's json.dumps sends it. */
    const escaped = (body: unknown) =>
      JSON.stringify(body).replace(/[^ -~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const post = (p: string, body: string) =>
      raw("POST", p, { token: access, type: "application/json", body });
    const feedback = `/api/v1/agent/conversation/message/${messageId}/feedback`;

    const question = escaped({ content: "ệ".repeat(4000) });
    expect(question.length).toBeGreaterThan(24_000);
    expect((await post("/api/v1/agent/conversation/message", question)).status).toBe(200);
    expect(
      (await post("/api/v1/agent/conversation/message", escaped({ content: "x".repeat(40_000) }))).status,
    ).toBe(413);

    const agent = escaped({
      name: "ệ".repeat(120),
      instructions: "ệ".repeat(4000),
      greeting: "ệ".repeat(500),
      fallback_message: "ệ".repeat(500),
      suggested_questions: Array.from({ length: 6 }, (_, i) => `${i}${"ệ".repeat(199)}`),
    });
    expect((await post("/api/v1/agent", agent)).status).toBe(200);
    expect(
      (await post("/api/v1/agent", escaped({ name: "A", instructions: "x".repeat(AGENT_BODY_LIMIT) })))
        .status,
    ).toBe(413);

    expect((await post(feedback, escaped({ helpful: false, comment: "ệ".repeat(1000) }))).status).toBe(200);
    const tooLong = await post(feedback, escaped({ helpful: false, comment: "x".repeat(20_000) }));
    expect(tooLong.status).toBe(413);
    expect((tooLong.json as { error: { detail: string } }).error.detail).toMatch(/at most \d+ KB/);
  });

  it("a multipart body that is not one answers 400, and a header without a boundary too", async () => {
    await ready();
    for (const [type, body] of [
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="files"\r\n\r\nno end',
      ],
      ["multipart/form-data", "garbage"],
      ["multipart/form-data; boundary=x", "\u0000\u0001\u0002"],
    ] as const) {
      const res = await raw("POST", "/api/v1/agent/document", { token: access, type, body });
      expect(res.status, `${type}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("a text snippet takes all of its 200,000 characters, in any script", () => {
  let access: string;

  beforeAll(async () => {
    ({ access } = await signInWithOidc());
    const created = await ownerApi(access, "POST", "/api/v1/agent", { name: "Thư viện" });
    expect(created.status).toBe(201);
  });

  const snippet = (content: string, title = "Dài") =>
    raw("POST", "/api/v1/agent/document", {
      token: access,
      type: "application/json",
      body: JSON.stringify({ type: "text", title, content }),
    });

  it("accepts 200,000 ASCII characters", async () => {
    const res = await snippet(`${"a".repeat(199_991)} the end.`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect((res.json as AddResult).data.accepted).toHaveLength(1);
  });

  it("accepts 200,000 Vietnamese characters (~600 KB of UTF-8)", async () => {
    const content = "Thành phố Hồ Chí Minh đẹp lắm. ".repeat(7000).slice(0, 200_000);
    expect(content).toHaveLength(200_000);
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeGreaterThan(64 * 1024 * 4);
    const res = await snippet(content, "Tiếng Việt");
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });

  it("accepts 200,000 four-byte characters (~800 KB), counted as people count them", async () => {
    const content = "😀𝔸🍜".repeat(66_667).slice(0, 2 * 200_000);
    expect(Array.from(content)).toHaveLength(200_000);
    const res = await snippet(content, "Emoji");
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });

  it("accepts 200,000 characters sent as \\u escapes (what Python's json.dumps sends)", async () => {
    const content = "ệ".repeat(200_000);
    const body = JSON.stringify({ type: "text", title: "Escaped", content }).replace(/ệ/g, "\\u1ec7");
    const res = await raw("POST", "/api/v1/agent/document", {
      token: access,
      type: "application/json",
      body,
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });

  it("refuses 200,001 characters with a translated field reason", async () => {
    for (const [lang, text] of [
      ["en", /200,?000|200000/],
      ["vi", /200[.,]?000/],
    ] as const) {
      const res = await raw("POST", "/api/v1/agent/document", {
        token: access,
        lang,
        type: "application/json",
        body: JSON.stringify({ type: "text", title: "Quá dài", content: "ô".repeat(200_001) }),
      });
      expect(res.status).toBe(422);
      const error = (res.json as { error: { fields: Record<string, string> } }).error;
      expect(error.fields.content).toMatch(text);
    }
  });

  it("refuses a body no snippet could need with a translated 413, before reading it all", async () => {
    for (const [lang, text] of [
      ["en", /at most \d+ KB/],
      ["vi", /tối đa \d+ KB/],
    ] as const) {
      const res = await raw("POST", "/api/v1/agent/document", {
        token: access,
        lang,
        type: "application/json",
        body: JSON.stringify({ type: "text", title: "x", content: "x".repeat(1_400_000) }),
      });
      expect(res.status).toBe(413);
      expect((res.json as { error: { detail: string } }).error.detail).toMatch(text);
    }
  });

  it("keeps other routes tight: a chat message body of 100 KB is a 413", async () => {
    const res = await raw("POST", "/api/v1/agent/conversation/message", {
      token: access,
      type: "application/json",
      body: JSON.stringify({ content: "x".repeat(100 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});
