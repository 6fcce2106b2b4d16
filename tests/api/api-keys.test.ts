import { createHash } from "node:crypto";
import { connect } from "node:net";
import { describe, expect, inject, it } from "vitest";
import type { ApiKeyView, CreatedApiKey } from "@/lib/contracts/api-keys";
import type { ConversationView } from "@/lib/contracts/chat";
import type { ErrorBody } from "../helpers/chat";
import { type Message, ownerApi, trainedAgent } from "../helpers/chat";
import { sql } from "../helpers/sql";

/**
 * BEYOND-3 over real HTTP: an owner makes API keys with their session (the key shown once, only its hash
 * stored), their programs ask the agent and read its conversations with a key (the `api` channel, the
 * plan's allowance spent), and a key reaches nothing else: no other owner's data, no key, agent, billing
 * or profile route; revoked or malformed it is a 401, too fast a 429.
 */

const base = () => inject("baseUrl");
const KEY_SHAPE = /^ac_live_[A-Za-z0-9_-]{32}$/;
const texts = [
  { title: "Giờ mở cửa", content: "Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày." },
];

type Answer = {
  data?: { conversation_id: string; question: Message; message: Message };
} & Partial<ErrorBody>;

/** A call as an owner's program makes it: the key, no cookie, no Origin unless given. */
async function withKey<T>(
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: (text ? JSON.parse(text) : {}) as T & Partial<ErrorBody>,
  };
}

async function newKey(access: string, name = "Website backend") {
  const made = await ownerApi<{ data: CreatedApiKey }>(access, "POST", "/api/v1/agent/api-keys", { name });
  expect(made.status).toBe(201);
  return made.body.data;
}

/** An owner with an agent (no documents: the built-in mode answers with the fallback). */
async function owner() {
  return trainedAgent({ model: "builtin", texts: [] });
}

describe("conversations asked with a key", () => {
  // Issue 43: they were labelled "Desktop" / "Máy tính": whatever a program's user agent says, it is no device.
  it("have no device, whichever program asks", async () => {
    const agent = await owner();
    const { key } = await newKey(agent.access);
    const asked: string[] = [];
    for (const agentString of [
      "python-requests/2.32.3",
      "curl/8.5.0",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
    ]) {
      const res = await withKey<Answer>(
        key,
        "POST",
        "/api/v1/agent/conversation/message",
        { content: "Hello?" },
        {
          "user-agent": agentString,
        },
      );
      expect(res.status, res.text).toBe(200);
      asked.push(res.body.data!.conversation_id);
    }
    const list = await ownerApi<{ data: ConversationView[] }>(
      agent.access,
      "GET",
      "/api/v1/agent/conversations",
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => [c.id, c.channel, c.device]).sort()).toEqual(
      asked.map((id) => [id, "api", null]).sort(),
    );
  });
});

describe("making and listing keys", () => {
  it("shows a key once, lists only its last four, and stores only its SHA-256", async () => {
    const { access } = await owner();
    const created = await newKey(access);
    expect(created.key).toMatch(KEY_SHAPE);
    expect(created).toMatchObject({ name: "Website backend", last_four: created.key.slice(-4) });
    expect(created.id).toMatch(/^key_/);

    const list = await ownerApi<{ data: ApiKeyView[] }>(access, "GET", "/api/v1/agent/api-keys");
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(Object.keys(list.body.data[0]!).sort()).toEqual([
      "id",
      "inserted_at",
      "last_four",
      "last_used_at",
      "name",
    ]);
    expect(list.body.data[0]).toMatchObject({
      id: created.id,
      last_four: created.key.slice(-4),
      last_used_at: null,
    });
    const secret = created.key.slice("ac_live_".length);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const rows = await sql<Record<string, unknown>>("select * from api_keys where public_id = $1", [
      created.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(rows[0])).not.toContain(secret);
  });

  it("refuses bad names with 422 in the caller's language", async () => {
    const { access } = await owner();
    for (const name of ["", "   ", "x".repeat(10_000), "\u0007\u0001\u001b\u007f", 42]) {
      const res = await ownerApi(access, "POST", "/api/v1/agent/api-keys", { name });
      expect(res.status, JSON.stringify(name).slice(0, 40)).toBe(422);
      expect(res.body.error?.fields?.name).toBeTruthy();
    }
    const vi = await ownerApi(access, "POST", "/api/v1/agent/api-keys", { name: "" }, "vi");
    expect(vi.status).toBe(422);
    expect(vi.body.error!.detail).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i);
    const list = await ownerApi<{ data: ApiKeyView[] }>(access, "GET", "/api/v1/agent/api-keys");
    expect(list.body.data).toEqual([]);
  });

  it("allows 20 keys per agent, then says why not", async () => {
    const { access } = await owner();
    for (let i = 0; i < 20; i++) await newKey(access, `Key ${i}`);
    const refused = await ownerApi(access, "POST", "/api/v1/agent/api-keys", { name: "One more" }, "vi");
    expect(refused.status).toBe(409);
    expect(refused.body.error!.detail).toContain("20");
    expect(refused.body.error!.detail).toContain("khóa");
  });
});

describe("asking and reading with a key", () => {
  it("asks in an api-channel conversation that spends the allowance, and reads it back", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const { key } = await newKey(agent.access);
    const [owner] = await sql<{ owner_id: string }>("select owner_id from agents where public_id = $1", [
      agent.agentId,
    ]);

    // No cookie and no Origin: a program on a server.
    const asked = await withKey<Answer>(key, "POST", "/api/v1/agent/conversation/message", {
      content: "Tiệm mở cửa mấy giờ?",
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.data!.message).toMatchObject({ role: "assistant", status: "complete" });
    const conversationId = asked.body.data!.conversation_id;
    const again = await withKey<Answer>(key, "POST", "/api/v1/agent/conversation/message", {
      content: "Còn chủ nhật thì sao?",
      conversation_id: conversationId,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data!.conversation_id).toBe(conversationId);

    const [stored] = await sql<{ channel: string; api_key_id: string | null; key_uuid: string }>(
      `select c.channel, c.api_key_id, k.id as key_uuid from conversations c, api_keys k
       where c.public_id = $1 and k.key_hash = $2`,
      [conversationId, createHash("sha256").update(key).digest("hex")],
    );
    expect(stored!.channel).toBe("api");
    expect(stored!.api_key_id).toBe(stored!.key_uuid);
    const [allowance] = await sql<{ used: number }>(
      "select used from message_allowance where owner_id = $1",
      [owner!.owner_id],
    );
    expect(Number(allowance!.used)).toBe(2);

    const list = await withKey<{ data: ConversationView[] }>(key, "GET", "/api/v1/agent/conversations");
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => [c.id, c.channel])).toEqual([[conversationId, "api"]]);
    const messages = await withKey<{ data: Message[] }>(
      key,
      "GET",
      `/api/v1/agent/conversation/messages?conversation_id=${conversationId}`,
    );
    expect(messages.status).toBe(200);
    expect(messages.body.data.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    const today = new Date().toISOString().slice(0, 10);
    const days = await withKey(
      key,
      "GET",
      `/api/v1/agent/conversations/days?from=${today}&to=${today}&tz=UTC`,
    );
    expect(days.status).toBe(200);

    // The owner's own session sees it too, and when the key was last used.
    const history = await ownerApi<{ data: ConversationView[] }>(
      agent.access,
      "GET",
      "/api/v1/agent/conversations",
    );
    expect(history.body.data[0]).toMatchObject({ id: conversationId, channel: "api" });
    const keys = await ownerApi<{ data: ApiKeyView[] }>(agent.access, "GET", "/api/v1/agent/api-keys");
    expect(keys.body.data[0]!.last_used_at).not.toBeNull();
  });

  it("never reaches another owner's conversations, nor continues the owner's own test chat", async () => {
    const mine = await owner();
    const theirs = await owner();
    const myKey = (await newKey(mine.access)).key;
    const theirKey = (await newKey(theirs.access)).key;
    const theirApi = await withKey<Answer>(theirKey, "POST", "/api/v1/agent/conversation/message", {
      content: "Hello?",
    });
    const theirOwn = await ownerApi<Answer>(theirs.access, "POST", "/api/v1/agent/conversation/message", {
      content: "Hello from the owner",
    });
    const myOwn = await ownerApi<Answer>(mine.access, "POST", "/api/v1/agent/conversation/message", {
      content: "My own test",
    });
    for (const id of [theirApi.body.data!.conversation_id, theirOwn.body.data!.conversation_id]) {
      const read = await withKey(myKey, "GET", `/api/v1/agent/conversation/messages?conversation_id=${id}`);
      expect(read.status).toBe(404);
      expect(read.body.error!.message).toBe("not_found");
      const write = await withKey(myKey, "POST", "/api/v1/agent/conversation/message", {
        content: "Let me in",
        conversation_id: id,
      });
      expect(write.status).toBe(404);
    }
    // The owner's test chat is not the api channel: a key starts its own conversations.
    const continued = await withKey(myKey, "POST", "/api/v1/agent/conversation/message", {
      content: "Continue",
      conversation_id: myOwn.body.data!.conversation_id,
    });
    expect(continued.status).toBe(404);
    const listed = await withKey<{ data: ConversationView[] }>(myKey, "GET", "/api/v1/agent/conversations");
    expect(listed.body.data.map((c) => c.id)).toEqual([myOwn.body.data!.conversation_id]);
  });
});

describe("what a key cannot do", () => {
  it("is a 401 on keys, the agent's settings, billing and the profile", async () => {
    const { access } = await owner();
    const made = await newKey(access);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/v1/agent/api-keys"],
      ["POST", "/api/v1/agent/api-keys", { name: "Minted by a key" }],
      ["DELETE", `/api/v1/agent/api-keys/${made.id}`],
      ["GET", "/api/v1/agent"],
      ["POST", "/api/v1/agent", { name: "Taken over", kind: "business" }],
      ["GET", "/api/v1/agent/documents"],
      ["POST", "/api/v1/billing/sandbox/pay", {}],
      ["GET", "/api/v1/user/sessions"],
      ["DELETE", "/api/v1/user/sessions"],
    ];
    for (const [method, path, body] of calls) {
      const res = await withKey(made.key, method, path, body, { "accept-language": "vi" });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toMatchObject({ status: 401, message: "unauthorized" });
      expect(res.body.error!.detail).toContain("khóa API");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    const keys = await ownerApi<{ data: ApiKeyView[] }>(access, "GET", "/api/v1/agent/api-keys");
    expect(keys.body.data.map((k) => k.id)).toEqual([made.id]);
  });

  it("stops working when revoked; another owner cannot revoke it", async () => {
    const { access } = await owner();
    const other = await owner();
    const made = await newKey(access);
    expect((await withKey(made.key, "GET", "/api/v1/agent/conversations")).status).toBe(200);

    const foreign = await ownerApi(other.access, "DELETE", `/api/v1/agent/api-keys/${made.id}`);
    expect(foreign.status).toBe(404);
    expect((await ownerApi(access, "DELETE", "/api/v1/agent/api-keys/key_unknown")).status).toBe(404);
    expect((await withKey(made.key, "GET", "/api/v1/agent/conversations")).status).toBe(200);

    const revoked = await ownerApi<{ data: { id: string } }>(
      access,
      "DELETE",
      `/api/v1/agent/api-keys/${made.id}`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ id: made.id });
    const after = await withKey(made.key, "GET", "/api/v1/agent/conversations", undefined, {
      "accept-language": "vi",
    });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({ status: 401, message: "unauthorized" });
    expect(after.body.error!.detail).toContain("thu hồi");
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer .*invalid_token/);
    expect((await ownerApi(access, "DELETE", `/api/v1/agent/api-keys/${made.id}`)).status).toBe(404);
  });

  it("answers malformed Authorization headers with 401, never a 5xx", async () => {
    const values = [
      "Bearer",
      "Bearer ",
      "Bearer ac_live_",
      `Bearer ac_live_${"A".repeat(32)}`,
      `Bearer ac_live_${"A".repeat(10_000)}`,
      `Bearer ${"x".repeat(10_000)}`,
      "Bearer ac_live_ ac_live_",
      "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
      "ac_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ];
    for (const authorization of values) {
      const res = await fetch(`${base()}/api/v1/agent/conversations`, { headers: { authorization } });
      expect(res.status, authorization.slice(0, 30)).toBe(401);
      expect(((await res.json()) as ErrorBody).error.message).toBe("unauthorized");
    }
    // A NUL byte cannot be sent through fetch: written on the socket by hand.
    const status = await rawStatus(
      "GET /api/v1/agent/conversations HTTP/1.1\r\n" +
        `Host: ${new URL(base()).host}\r\nAuthorization: Bearer ac_live_\0${"A".repeat(31)}\r\n` +
        "Connection: close\r\n\r\n",
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it("is limited per key: 429 with Retry-After past the minute's requests, in the caller's language", async () => {
    const { access } = await owner();
    const { key } = await newKey(access);
    const other = await newKey(access, "Another program");
    const statuses: number[] = [];
    // 60 a minute by default (API_KEY_REQUESTS_PER_MINUTE); ten at a time.
    for (let i = 0; i < 6; i++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => withKey(key, "GET", "/api/v1/agent/conversations")),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await withKey(
      key,
      "POST",
      "/api/v1/agent/conversation/message",
      { content: "Hi" },
      {
        "accept-language": "vi",
      },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.error!.detail).toMatch(/khóa API.*giây/i);
    // Another key of the same owner keeps its own count.
    expect((await withKey(other.key, "GET", "/api/v1/agent/conversations")).status).toBe(200);
  });
});

describe("cross-origin protection", () => {
  it("lets a key POST without an Origin, and still refuses a cookie POST from elsewhere", async () => {
    const agent = await owner();
    const { key } = await newKey(agent.access);
    // The session as the browser holds it: refused before anyone is looked up, so the name is enough.
    const cookie = `access_token=${agent.access}`;
    const question = JSON.stringify({ content: "Hello?" });
    const post = (headers: Record<string, string>) =>
      fetch(`${base()}/api/v1/agent/conversation/message`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: question,
      });

    expect((await post({ authorization: `Bearer ${key}` })).status).toBe(200);
    // The key alone decides: a page elsewhere cannot make a browser send it (no CORS), and no cookie is read.
    expect((await post({ authorization: `Bearer ${key}`, origin: "https://elsewhere.example" })).status).toBe(
      200,
    );
    const forged = await post({ cookie, origin: "https://elsewhere.example" });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as ErrorBody).error.message).toBe("forbidden");
    expect((await post({ cookie })).status).toBe(403);
    // A session's bearer token from elsewhere is not a key: the CSRF check still applies to it.
    const keysFromElsewhere = await fetch(`${base()}/api/v1/agent/api-keys`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${agent.access}`,
        origin: "https://elsewhere.example",
      },
      body: JSON.stringify({ name: "Forged" }),
    });
    expect(keysFromElsewhere.status).toBe(403);
  });
});

/** The status code of a hand-written HTTP request (or 0 when the server closed without answering). */
function rawStatus(request: string): Promise<number> {
  const url = new URL(base());
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("end", () => resolve(Number(data.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error("no answer"));
    });
  });
}
