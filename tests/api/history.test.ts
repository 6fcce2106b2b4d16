import { describe, expect, inject, it } from "vitest";
import type { ConversationView } from "@/lib/contracts/chat";
import { ownerApi, trainedAgent, Visitor } from "../helpers/chat";
import { sql } from "../helpers/sql";

/**
 * HIST-1 … HIST-3 over real HTTP: cursor paging over a large history, calendar days in the owner's time
 * zone, one day's download (500 at most, CSV that Excel reads in Vietnamese), insight and unanswered
 * questions turned into knowledge; another owner sees none of it.
 */
type Conversation = ConversationView;
type Page = { data: Conversation[]; meta: { last_id: string | null; has_more: boolean } };

const texts = [
  { title: "Giờ mở cửa", content: "Quán phở Hà Nội mở cửa từ 6 giờ sáng đến 10 giờ tối mỗi ngày." },
];

async function agentUuid(publicId: string): Promise<string> {
  const [row] = await sql<{ id: string }>("select id from agents where public_id = $1", [publicId]);
  return row!.id;
}

/** Conversations written straight into the database: a thousand through the API would be limited. */
async function bulkConversations(agentPublicId: string, at: string[], prefix: string) {
  const agentId = await agentUuid(agentPublicId);
  await sql(
    `insert into conversations (public_id, agent_id, channel, visitor_id, title, language, inserted_at, last_message_at, message_count)
     select $2 || '_' || i, $1::uuid, 'public', 'v_bulk', 'Câu hỏi ' || i, 'vi', t, t, 2
     from unnest($3::timestamptz[]) with ordinality as u(t, i)`,
    [agentId, prefix, at],
  );
}

async function bulkMessages(
  agentPublicId: string,
  conversation: string,
  at: string[],
  text: (i: number) => string,
) {
  const agentId = await agentUuid(agentPublicId);
  const [conv] = await sql<{ id: string }>("select id from conversations where public_id = $1", [
    conversation,
  ]);
  await sql(
    `insert into messages (public_id, conversation_id, agent_id, role, content, search_text, inserted_at)
     select $3 || '_' || i, $2::uuid, $1::uuid, case when i % 2 = 1 then 'user' else 'assistant' end,
            ($5::text[])[i], lower(($5::text[])[i]), t
     from unnest($4::timestamptz[]) with ordinality as u(t, i)`,
    [agentId, conv!.id, `${conversation}_m`, at, at.map((_, i) => text(i + 1))],
  );
}

describe("the conversation list", () => {
  it("pages through 1,000 conversations newest first without duplicates or gaps", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: [] });
    const base = Date.parse("2026-06-01T00:00:00Z");
    const at = Array.from({ length: 1000 }, (_, i) => new Date(base + i * 60_000).toISOString());
    await bulkConversations(agent.agentId, at, "conv_bulk");
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: Page } = await ownerApi(
        agent.access,
        "GET",
        `/api/v1/agent/conversations${cursor ? `?last_id=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((c) => c.id));
      cursor = page.body.meta.last_id;
      pages++;
    } while (cursor);
    expect(pages).toBe(50);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => `conv_bulk_${1000 - i}`));
  });

  it("finds conversations by their words with or without diacritics", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    await new Visitor().ask(agent.agentId, "Quán phở mở cửa mấy giờ?");
    await new Visitor().ask(agent.agentId, "Do you have parking?");
    for (const q of ["pho", "PHỞ", "mo cua"]) {
      const found = await ownerApi<Page>(
        agent.access,
        "GET",
        `/api/v1/agent/conversations?q=${encodeURIComponent(q)}`,
      );
      expect(found.body.data.map((c) => c.first_question)).toEqual(["Quán phở mở cửa mấy giờ?"]);
    }
    const none = await ownerApi<Page>(agent.access, "GET", "/api/v1/agent/conversations?q=bicycle");
    expect(none.body.data).toEqual([]);
  });
});

describe("days in the owner's time zone", () => {
  it("puts a conversation on its local day, at both edges of midnight", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: [] });
    // 23:59:59 on 7 March and 00:00:00 on 8 March in Ho Chi Minh City (UTC+7).
    await bulkConversations(agent.agentId, ["2026-03-07T16:59:59Z", "2026-03-07T17:00:00Z"], "conv_edge");
    const tz = "Asia/Ho_Chi_Minh";
    const on = async (date: string, zone = tz) =>
      (
        await ownerApi<Page>(
          agent.access,
          "GET",
          `/api/v1/agent/conversations?date=${date}&tz=${encodeURIComponent(zone)}`,
        )
      ).body.data.map((c) => c.id);
    expect(await on("2026-03-07")).toEqual(["conv_edge_1"]);
    expect(await on("2026-03-08")).toEqual(["conv_edge_2"]);
    // In UTC both are on 7 March.
    expect(await on("2026-03-07", "UTC")).toEqual(["conv_edge_2", "conv_edge_1"]);
    const days = await ownerApi<{ data: { date: string; conversations: number }[] }>(
      agent.access,
      "GET",
      `/api/v1/agent/conversations/days?from=2026-03-01&to=2026-03-31&tz=${encodeURIComponent(tz)}`,
    );
    expect(days.body.data.map((d) => [d.date, d.conversations])).toEqual([
      ["2026-03-07", 1],
      ["2026-03-08", 1],
    ]);
  });

  it("refuses unknown zones, impossible dates and overlong ranges, in the owner's language", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: [] });
    const bad = [
      "/api/v1/agent/conversations?tz=Mars/Olympus",
      "/api/v1/agent/conversations?date=2026-02-30",
      "/api/v1/agent/conversations/days?from=2026-01-01&to=2027-12-31",
      "/api/v1/agent/conversations/days?from=2026-03-02&to=2026-03-01",
      "/api/v1/agent/conversations/export?date=2026-03-01&format=xlsx",
    ];
    for (const path of bad) {
      const res = await ownerApi(agent.access, "GET", path, undefined, "vi");
      expect(res.status, path).toBe(422);
      expect(res.body.error!.detail.length).toBeGreaterThan(0);
    }
  });
});

describe("required query fields (issue 43: the reference page says so)", () => {
  it("answers a range without its ends, or a download without its day, in the owner's language, never 5xx", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: [] });
    for (const path of [
      "/api/v1/agent/conversations/days?to=2026-03-01",
      "/api/v1/agent/conversations/days",
      "/api/v1/agent/insights?from=2026-03-01",
    ]) {
      const res = await ownerApi<{ error: { fields?: Record<string, string> } }>(
        agent.access,
        "GET",
        path,
        undefined,
        "vi",
      );
      expect(res.status, path).toBe(422);
      const fields = res.body.error.fields ?? {};
      expect(Object.keys(fields).length, path).toBeGreaterThan(0);
      for (const reason of Object.values(fields)) expect(reason).toBe("Trường này là bắt buộc.");
    }
    // The download keeps its own sentence for a missing day, absent or empty.
    for (const path of ["/api/v1/agent/conversations/export", "/api/v1/agent/conversations/export?date="]) {
      const res = await ownerApi(agent.access, "GET", path, undefined, "vi");
      expect(res.status, path).toBe(400);
      expect(res.body.error!.detail, path).toBe("Vui lòng chọn ngày trước khi tải dữ liệu");
    }
  });
});

describe("downloads", () => {
  const download = (token: string, query: string, lang = "en") =>
    fetch(`${inject("baseUrl")}/api/v1/agent/conversations/export?${query}`, {
      headers: { authorization: `Bearer ${token}`, "accept-language": lang },
    });

  it("says what is missing in the owner's language: no date, no messages that day", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: [] });
    const expected = {
      en: ["Please select a date before downloading data", "No messages on selected days, try other days"],
      vi: [
        "Vui lòng chọn ngày trước khi tải dữ liệu",
        "Không có tin nhắn nào trong những ngày đã chọn, hãy thử ngày khác",
      ],
    };
    for (const lang of ["en", "vi"] as const) {
      const noDate = await download(agent.access, "format=csv", lang);
      expect(noDate.status).toBe(400);
      expect(((await noDate.json()) as { error: { detail: string } }).error.detail).toBe(expected[lang][0]);
      const empty = await download(agent.access, "date=2020-01-01&format=csv", lang);
      expect(empty.status).toBe(404);
      expect(((await empty.json()) as { error: { detail: string } }).error.detail).toBe(expected[lang][1]);
    }
  });

  it("gives the 500 latest messages of the day as CSV with a BOM, Vietnamese intact, formulas defused", async () => {
    const agent = await trainedAgent({ model: "builtin", texts: [] });
    await bulkConversations(agent.agentId, ["2026-04-10T01:00:00Z"], "conv_dl");
    const at = Array.from({ length: 600 }, (_, i) =>
      new Date(Date.parse("2026-04-10T01:00:00Z") + i * 1000).toISOString(),
    );
    await bulkMessages(agent.agentId, "conv_dl_1", at, (i) =>
      i === 600 ? '=HYPERLINK("http://evil.test"), "Phở" ngon,\nthật' : `Tin nhắn số ${i}: Đà Nẵng`,
    );
    const res = await download(agent.access, "date=2026-04-10&tz=Asia%2FHo_Chi_Minh&format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain(
      'attachment; filename="agentcity-history-2026-04-10.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const records = parseCsv(text);
    expect(records[0]).toEqual([
      "conversation_id",
      "time",
      "role",
      "text",
      "sources",
      "feedback",
      "feedback_comment",
    ]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(500);
    expect(rows[0]![3]).toBe("Tin nhắn số 101: Đà Nẵng");
    expect(rows[0]![1]).toBe("2026-04-10T08:01:40+07:00");
    expect(rows.at(-1)![3]).toBe(`'=HYPERLINK("http://evil.test"), "Phở" ngon,\nthật`);

    const json = await download(agent.access, "date=2026-04-10&tz=Asia%2FHo_Chi_Minh&format=json");
    const body = (await json.json()) as { messages: { text: string; role: string }[] };
    expect(body.messages).toHaveLength(500);
    expect(body.messages.at(-1)!.text).toContain('"Phở" ngon');
  });
});

describe("insight", () => {
  it("counts per day, shares feedback, and turns an unanswered question into an answer", async () => {
    const agent = await trainedAgent({ model: "builtin", texts });
    const v = new Visitor(undefined, "vi");
    const answered = (await v.ask(agent.agentId, "Quán phở mở cửa mấy giờ?")).body.data!;
    await v.rate(answered.message.id, true);
    const question = "Quán có giao hàng tận nhà không?";
    const unanswered = (await v.ask(agent.agentId, question, { conversationId: answered.conversation_id }))
      .body.data!;
    expect(unanswered.message.mode).toBe("fallback");
    await v.rate(unanswered.message.id, false);

    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const insight = await ownerApi<{
      data: {
        days: { date: string; conversations: number; messages: number }[];
        feedback: { helpful: number; unhelpful: number };
        unanswered: { question: string; count: number }[];
      };
    }>(agent.access, "GET", `/api/v1/agent/insights?from=${from}&to=${today}&tz=UTC`);
    expect(insight.status).toBe(200);
    expect(insight.body.data.days).toHaveLength(7);
    expect(insight.body.data.days.at(-1)).toEqual({ date: today, conversations: 1, messages: 4 });
    expect(insight.body.data.feedback).toEqual({ helpful: 1, unhelpful: 1 });
    expect(insight.body.data.unanswered.map((u) => [u.question, u.count])).toEqual([[question, 1]]);
    const list = await ownerApi<Page>(agent.access, "GET", "/api/v1/agent/conversations");
    expect(list.body.data[0]!.unanswered).toBe(1);

    const taught = await ownerApi(agent.access, "POST", "/api/v1/agent/document", {
      type: "text",
      title: question,
      content: `${question}\n\nCó, quán giao hàng tận nhà miễn phí trong bán kính 3 km.`,
    });
    expect(taught.status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await ownerApi<{ data: { status: string }[] }>(agent.access, "GET", "/api/v1/agent/documents")
          ).body.data.map((d) => d.status),
        { timeout: 30_000 },
      )
      .toEqual(["completed", "completed"]);
    const again = (await new Visitor(undefined, "vi").ask(agent.agentId, question)).body.data!.message;
    expect(again.mode).toBe("quote");
    expect(again.content).toContain("giao hàng tận nhà miễn phí");
  });
});

describe("isolation", () => {
  it("owner B sees none of owner A's history", async () => {
    const a = await trainedAgent({ model: "builtin", texts });
    const b = await trainedAgent({ model: "builtin", texts: [] });
    await new Visitor().ask(a.agentId, "Quán phở mở cửa mấy giờ?");
    const today = new Date().toISOString().slice(0, 10);
    const list = await ownerApi<Page>(b.access, "GET", "/api/v1/agent/conversations?q=pho");
    expect(list.body.data).toEqual([]);
    const days = await ownerApi<{ data: unknown[] }>(
      b.access,
      "GET",
      `/api/v1/agent/conversations/days?from=${today}&to=${today}`,
    );
    expect(days.body.data).toEqual([]);
    const exported = await ownerApi(b.access, "GET", `/api/v1/agent/conversations/export?date=${today}`);
    expect(exported.status).toBe(404);
    const insight = await ownerApi<{ data: { unanswered: unknown[]; feedback: { helpful: number } } }>(
      b.access,
      "GET",
      `/api/v1/agent/insights?from=${today}&to=${today}`,
    );
    expect(insight.body.data.unanswered).toEqual([]);
    expect(insight.body.data.feedback.helpful).toBe(0);
  });
});

/** RFC 4180: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
