import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { describe, expect, inject, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { latestMail } from "../helpers/mail";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Issue 48 item 1 over real HTTP: an owner exports everything, the link arrives by e-mail (the SMTP peer),
 * the ZIP downloads once per session and holds the workspace's data (originals byte for byte, messages as
 * JSON and CSV with a BOM, times in the owner's zone) and nothing of another workspace; support is refused,
 * a used, foreign, wrong or lapsed link is refused, and a fourth export in a day is refused, translated.
 */

const base = () => inject("baseUrl");
type Err = { error?: { message: string; detail: string } };
type ExportItem = {
  id: string;
  state: string;
  bytes: number | null;
  expires_at: string | null;
  download_url: string | null;
};

type Person = { token: string; email: string; id: string; ws?: string };

async function person(prefix: string): Promise<Person> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const from = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const signed = await signInWithCode(base(), email, { from });
  return { token: signed.access, email, id: signed.user.id };
}

function headersOf(who: Person, lang: string) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${who.token}`,
    "accept-language": lang,
    origin: base(),
  };
  if (who.ws) headers.cookie = `ac_ws=${who.ws}`;
  return headers;
}

async function call<T>(who: Person, method: string, path: string, body?: unknown, lang = "en") {
  const headers = headersOf(who, lang);
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T } & Err };
}

/** An owner with an agent, a stored file, a taught answer and a conversation of their own. */
async function ownerWithData(prefix: string, mark: string) {
  const who = await person(prefix);
  const agent = await call<{ id: string }>(who, "POST", "/api/v1/agent", {
    name: `${prefix} shop`,
    kind: "business",
    model: "builtin",
  });
  expect(agent.status, JSON.stringify(agent.body)).toBe(201);
  const agentPublicId = agent.body.data.id;
  const original = new TextEncoder().encode(
    `# Bảng giá ${mark}\n\nBánh mì: 25.000 ₫\r\nCà phê sữa đá: 30.000 ₫\n${randomBytes(8).toString("hex")}\n`,
  );
  const form = new FormData();
  form.append("files", new Blob([original]), `bảng giá ${prefix}.md`);
  const uploaded = await fetch(`${base()}/api/v1/agent/document`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const taught = await call(who, "POST", "/api/v1/agent/answers", {
    question: `Do you deliver? ${mark}`,
    answer: `Yes, within 5 km. ${mark}`,
  });
  expect(taught.status, JSON.stringify(taught.body)).toBe(200);
  const [row] = await sql<{ id: string; workspace_id: string }>(
    "select id, workspace_id from agents where public_id = $1",
    [agentPublicId],
  );
  const conversation = `conv_${randomBytes(8).toString("hex")}`;
  const [conv] = await sql<{ id: string }>(
    `insert into conversations (public_id, agent_id, channel, title, inserted_at, last_message_at)
     values ($1, $2, 'public', $3, '2026-11-20T01:30:00Z', '2026-11-20T01:31:00Z') returning id`,
    [conversation, row!.id, `Giờ mở cửa ${mark}`],
  );
  const question = `Tiệm mở cửa lúc mấy giờ, "Chủ nhật"? ${mark}`;
  const answer = `=SUM(A1) Dạ, tiệm mở từ 7 giờ ${mark}`;
  await sql(
    `insert into messages (public_id, conversation_id, agent_id, role, content, inserted_at)
     values ($1, $3, $4, 'user', $5, '2026-11-20T01:30:00Z'),
            ($2, $3, $4, 'assistant', $6, '2026-11-20T01:31:00Z')`,
    [
      `msg_${randomBytes(8).toString("hex")}`,
      `msg_${randomBytes(8).toString("hex")}`,
      conv!.id,
      row!.id,
      question,
      answer,
    ],
  );
  return { who, agentPublicId, workspaceId: row!.workspace_id, original, conversation, question, answer };
}

async function waitReady(who: Person, id: string): Promise<ExportItem> {
  const until = Date.now() + 60_000;
  for (;;) {
    const list = await call<ExportItem[]>(who, "GET", "/api/v1/workspace/exports");
    expect(list.status).toBe(200);
    const item = list.body.data.find((i) => i.id === id);
    if (item && item.state !== "queued" && item.state !== "running") return item;
    if (Date.now() > until) throw new Error(`export stalled: ${JSON.stringify(item)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const download = (who: Person, path: string, lang = "en") =>
  fetch(`${base()}${path}`, { headers: headersOf(who, lang) });

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("export everything", () => {
  it("e-mails a link to one ZIP of the workspace, downloadable once per session, refusing what it must", async () => {
    const alice = await ownerWithData("alice", "ALICE-MARK");
    const bob = await ownerWithData("bob", "BOB-SECRET");
    await sql("update users set time_zone = 'Asia/Ho_Chi_Minh' where id = $1", [alice.who.id]);

    // Carol is support in Alice's workspace: no export, in her language.
    const carol = await person("carol");
    await sql("insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'support')", [
      alice.workspaceId,
      carol.id,
    ]);
    carol.ws = alice.workspaceId;
    const refused = await call(carol, "POST", "/api/v1/workspace/export", undefined, "vi");
    expect(refused.status).toBe(403);
    expect(refused.body.error?.detail).toBe(vi.errors.workspace_role_required);
    expect((await call(carol, "GET", "/api/v1/workspace/exports")).status).toBe(403);

    // Alice exports, asking in Vietnamese: the mail is in Vietnamese and carries the link.
    const before = Date.now();
    const started = await call<ExportItem>(alice.who, "POST", "/api/v1/workspace/export", undefined, "vi");
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data.state).toBe("queued");
    const ready = await waitReady(alice.who, started.body.data.id);
    expect(ready.state).toBe("ready");
    expect(ready.bytes).toBeGreaterThan(0);
    expect(ready.download_url).toBe(`/api/v1/workspace/export/${ready.id}`);

    const mail = await latestMail(alice.who.email, { after: before, timeoutMs: 30_000 });
    expect(mail.subject).toContain("Bản xuất");
    const link = mail.text.match(/\/api\/v1\/workspace\/export\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]{43})/);
    expect(link, mail.text).not.toBeNull();
    expect(link![1]).toBe(ready.id);
    const path = link![0];
    // Only the token's hash is stored.
    const [stored] = await sql<{ token_hash: string }>(
      "select token_hash from workspace_exports where id = $1",
      [ready.id],
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(link![2]);

    // Another workspace's owner, support, and a wrong token cannot download it.
    const foreign = await download(bob.who, path);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Err).error?.detail).toBe(en.errors.export_not_found);
    expect((await download(carol, path)).status).toBe(403);
    const wrong = await download(alice.who, `/api/v1/workspace/export/${ready.id}?token=${"A".repeat(43)}`);
    expect(wrong.status).toBe(404);

    const res = await download(alice.who, path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="agentcity-.+\.zip"$/);
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(zip.byteLength).toBe(ready.bytes);
    const files = unzipSync(zip);
    const names = Object.keys(files);
    const dir = `agents/${alice.agentPublicId}`;
    for (const name of [
      "workspace.json",
      "members.json",
      `${dir}/agent.json`,
      `${dir}/documents.json`,
      `${dir}/taught-answers.json`,
      `${dir}/conversations.json`,
      `${dir}/messages.csv`,
      "invoices/invoices.json",
    ]) {
      expect(names, name).toContain(name);
    }
    // The original, byte for byte, where documents.json says it is.
    const docs = JSON.parse(text(files[`${dir}/documents.json`])) as { file: string; name: string }[];
    expect(docs).toHaveLength(1);
    expect(files[`${dir}/${docs[0]!.file}`]).toEqual(alice.original);
    // Conversations with their messages, times in Alice's zone (UTC+7).
    const conversations = JSON.parse(text(files[`${dir}/conversations.json`])) as {
      id: string;
      messages: { text: string; time: string; role: string }[];
    }[];
    expect(conversations.map((c) => c.id)).toEqual([alice.conversation]);
    expect(conversations[0]!.messages.map((m) => m.text)).toEqual([alice.question, alice.answer]);
    expect(conversations[0]!.messages[0]!.time).toBe("2026-11-20T08:30:00+07:00");
    // The CSV opens in Excel with Vietnamese intact: a byte-order mark, quoted cells, formulas defused.
    const csv = files[`${dir}/messages.csv`]!;
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvText = text(csv);
    expect(csvText).toContain(`"${alice.question.replace(/"/g, '""')}"`);
    expect(csvText).toContain(`"'${alice.answer}"`);
    expect(csvText).toContain("2026-11-20T08:31:00+07:00");
    const taught = JSON.parse(text(files[`${dir}/taught-answers.json`])) as { answer: string }[];
    expect(taught.map((a) => a.answer)).toEqual(["Yes, within 5 km. ALICE-MARK"]);
    const members = JSON.parse(text(files["members.json"])) as { email: string; role: string }[];
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [alice.who.email, "owner"],
      [carol.email, "support"],
    ]);
    const agentJson = text(files[`${dir}/agent.json`]);
    expect(agentJson).not.toContain("widget_secret");
    // Nothing of Bob's workspace, anywhere in the archive.
    for (const [name, bytes] of Object.entries(files)) {
      expect(name).not.toContain(bob.agentPublicId);
      expect(text(bytes), name).not.toContain("BOB-SECRET");
    }

    // Used: the same session is refused the second time, translated; another session of Alice's may.
    const used = await download(alice.who, path, "vi");
    expect(used.status).toBe(410);
    expect(((await used.json()) as Err).error?.detail).toBe(vi.errors.export_used);
    const aliceAgain: Person = {
      ...alice.who,
      token: (await signInWithCode(base(), alice.who.email, { from: "198.18.7.7" })).access,
    };
    // The page's link (no token) works for a member with the role, as once per session.
    expect((await download(aliceAgain, ready.download_url!)).status).toBe(200);
    expect((await download(aliceAgain, path)).status).toBe(410);

    // Lapsed: 410 after 24 hours, and the list says expired.
    await sql("update workspace_exports set expires_at = now() - interval '1 minute' where id = $1", [
      ready.id,
    ]);
    const aliceThird: Person = {
      ...alice.who,
      token: (await signInWithCode(base(), alice.who.email, { from: "198.18.7.8" })).access,
    };
    const lapsed = await download(aliceThird, path);
    expect(lapsed.status).toBe(410);
    expect(((await lapsed.json()) as Err).error?.detail).toBe(en.errors.export_expired);
    const listed = await call<ExportItem[]>(alice.who, "GET", "/api/v1/workspace/exports");
    expect(listed.body.data.find((i) => i.id === ready.id)?.state).toBe("expired");

    // One at a time: refused while another is being written.
    const [running] = await sql<{ id: string }>(
      "insert into workspace_exports (workspace_id, locale, state) values ($1, 'en', 'running') returning id",
      [alice.workspaceId],
    );
    const busy = await call(alice.who, "POST", "/api/v1/workspace/export");
    expect(busy.status).toBe(409);
    expect(busy.body.error?.detail).toBe(en.errors.export_running);
    await sql("update workspace_exports set state = 'failed' where id = $1", [running!.id]);

    // At most three a day per workspace (the ready one, the failed one and one more).
    await sql("insert into workspace_exports (workspace_id, locale, state) values ($1, 'en', 'failed')", [
      alice.workspaceId,
    ]);
    const limited = await call(alice.who, "POST", "/api/v1/workspace/export", undefined, "vi");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.detail).toBe(vi.errors.export_daily_limit.replace("{limit}", "3"));
  });

  it("answers a translated 404 for an unknown or malformed export id", async () => {
    const who = await person("dora");
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const res = await download(who, `/api/v1/workspace/export/${id}`, "vi");
      expect(res.status).toBe(404);
      expect(((await res.json()) as Err).error?.detail).toBe(vi.errors.export_not_found);
    }
  });
});
