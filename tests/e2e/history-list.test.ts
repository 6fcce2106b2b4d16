import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ownerApi, Visitor } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { type SignedIn, sessionCookies } from "../helpers/oidc-sign-in";

/**
 * HIST-1, HIST-2 in the browser: an owner reads visitors' conversations newest first, scrolls through three
 * pages, opens one, searches, filters by a day in the calendar and downloads it; another owner sees none.
 */
const browser = browserPerFile();
let owner: SignedIn;
let agentId: string;
/** Conversation ids in the order they were started. */
const started: string[] = [];
const SPECIAL = "Quán phở mở cửa mấy giờ?";

beforeAll(async () => {
  ({ session: owner, agentId } = await ownerWithAgent({
    name: "Quán phở Hà Nội",
    model: "builtin",
    texts: [
      { title: "Giờ mở cửa", content: "Quán phở Hà Nội mở cửa từ 6 giờ sáng đến 10 giờ tối mỗi ngày." },
    ],
  }));
  // 44 visitors with a question each, then the one this test opens: 45 conversations, three pages.
  for (let i = 1; i <= 44; i++) {
    const asked = await new Visitor(undefined, i % 2 ? "vi" : "en").ask(agentId, `Câu hỏi thử số ${i}`);
    if (asked.status !== 200) throw new Error(`ask ${i} answered ${asked.status}`);
    started.push(asked.body.data!.conversation_id);
  }
  const visitor = new Visitor(undefined, "vi");
  const asked = await visitor.ask(agentId, SPECIAL);
  if (asked.status !== 200) throw new Error(`ask answered ${asked.status}`);
  started.push(asked.body.data!.conversation_id);
  const rated = await visitor.rate(asked.body.data!.message.id, true, "Rất rõ ràng");
  if (rated.status !== 200) throw new Error(`rate answered ${rated.status}`);
}, 180_000);

const rows = (page: Page) => page.getByTestId("history-row");
const ids = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-id")));

async function today(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());
    return parts;
  });
}

/** A day of the previous month, which has no conversations (they were all started today). */
async function emptyDay(page: Page, previousMonth: string): Promise<string> {
  await page.getByRole("button", { name: previousMonth }).click();
  const day = page.locator('[data-date$="-15"]');
  await day.waitFor();
  return (await day.getAttribute("data-date"))!;
}

async function toast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

describe("the history list (vi, desktop)", () => {
  it("shows conversations newest first and loads three pages without duplicates", async () => {
    const page = await browser.open("/vi/history", { cookies: sessionCookies(owner) });
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(20);
    const first = rows(page).first();
    expect(await first.getByTestId("row-question").textContent()).toBe(SPECIAL);
    const feedback = first.getByTestId("row-feedback");
    expect(await feedback.getAttribute("data-helpful")).toBe("1");
    expect(await feedback.textContent()).toContain("1 hữu ích");
    expect(await feedback.textContent()).toContain("0 không hữu ích");
    expect(await first.textContent()).toContain("2 tin nhắn");

    for (let i = 0; i < 10 && (await rows(page).count()) < 45; i++) {
      await page.getByTestId("history-sentinel").scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }
    await page.getByTestId("history-end").waitFor();
    const shown = await ids(page);
    expect(shown).toHaveLength(45);
    expect(new Set(shown).size).toBe(45);
    expect(shown).toEqual([...started].reverse());
    // At the end nothing more is asked for.
    const more: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/agent/conversations?")) more.push(r.url());
    });
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(500);
    expect(more).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("opens a conversation with the question, the answer, its sources and the visitor's rating", async () => {
    const page = await browser.open("/vi/history", { cookies: sessionCookies(owner) });
    await rows(page).first().click();
    const detail = page.getByTestId("history-detail");
    await detail.getByTestId("history-question").waitFor();
    expect(await detail.getByTestId("history-question").textContent()).toContain(SPECIAL);
    const answer = detail.getByTestId("history-answer");
    expect(await answer.getByTestId("answer-text").textContent()).toContain("6 giờ sáng");
    expect(await answer.getByTestId("answer-sources").textContent()).toContain("Giờ mở cửa");
    const rating = answer.getByTestId("history-rating");
    expect(await rating.getAttribute("data-helpful")).toBe("true");
    expect(await rating.textContent()).toBe("Khách thấy câu trả lời này hữu ích");
    expect(await answer.textContent()).toContain("Rất rõ ràng");
  });

  it("searches without diacritics", async () => {
    const page = await browser.open("/vi/history", { cookies: sessionCookies(owner) });
    await rows(page).first().waitFor();
    const [searched] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/v1/agent/conversations?") && r.url().includes("q=")),
      page.getByRole("searchbox", { name: "Tìm cuộc trò chuyện" }).fill("MO CUA"),
    ]);
    expect(new URL(searched.url()).searchParams.get("q")).toBe("MO CUA");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getByTestId("row-question").textContent()).toBe(SPECIAL);
    await page.getByRole("searchbox").fill("không có từ này ở đâu cả");
    await page.getByText("Không có cuộc trò chuyện nào khớp với bộ lọc.").waitFor();
  });

  it("filters by a day of the calendar and downloads it as CSV", async () => {
    const page = await browser.open("/vi/history", { cookies: sessionCookies(owner) });
    await rows(page).first().waitFor();
    const day = await today(page);
    const cell = page.locator(`[data-date="${day}"]`);
    await expect.poll(() => cell.getAttribute("data-has-conversations")).toBe("true");
    const [filtered] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/api/v1/agent/conversations?") && r.url().includes(`date=${day}`),
      ),
      cell.click(),
    ]);
    expect(filtered.status()).toBe(200);
    expect(new URL(filtered.url()).searchParams.get("tz")).toBeTruthy();
    expect(await cell.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => rows(page).count()).toBe(20);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`agentcity-history-${day}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(SPECIAL);
    expect(text).toContain("Quán phở Hà Nội mở cửa từ 6 giờ sáng");

    const [json] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "JSON" }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`agentcity-history-${day}.json`);

    // Clearing the day shows every conversation again.
    await cell.click();
    expect(await cell.getAttribute("aria-pressed")).toBe("false");
    await rows(page).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it("asks for a day before downloading, and says when a day has no messages", async () => {
    const page = await browser.open("/vi/history", { cookies: sessionCookies(owner) });
    await rows(page).first().waitFor();
    const exports: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/conversations/export")) exports.push(r.url());
    });
    await page.getByRole("button", { name: "CSV" }).click();
    await toast(page, "Vui lòng chọn ngày trước khi tải dữ liệu");
    expect(exports).toEqual([]);

    const day = await emptyDay(page, "Tháng trước");
    await page.locator(`[data-date="${day}"]`).click();
    await page.getByText("Không có cuộc trò chuyện nào khớp với bộ lọc.").waitFor();
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/conversations/export")),
      page.getByRole("button", { name: "CSV" }).click(),
    ]);
    expect(res.status()).toBe(404);
    await toast(page, "Không có tin nhắn nào trong những ngày đã chọn, hãy thử ngày khác");
  });
});

describe("the history list (en, phone)", () => {
  it("opens a conversation full screen and shows the download messages in English", async () => {
    const page = await browser.open("/en/history", { viewport: "phone", cookies: sessionCookies(owner) });
    await rows(page).first().click();
    const sheet = page.getByRole("dialog");
    await sheet.getByTestId("history-answer").waitFor();
    expect(await sheet.getByTestId("answer-sources").textContent()).toContain("Giờ mở cửa");
    expect(await sheet.getByTestId("history-rating").textContent()).toBe("The visitor found this helpful");
    // Full width of the phone (sub-pixel while the sheet's slide-in settles).
    const box = await sheet.boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);
    await sheet.getByRole("button", { name: "Close" }).click();
    await sheet.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "CSV" }).click();
    await toast(page, "Please select a date before downloading data");
    const day = await emptyDay(page, "Previous month");
    await page.locator(`[data-date="${day}"]`).click();
    await page.getByText("No conversations match your filters.").waitFor();
    await page.getByRole("button", { name: "JSON" }).click();
    await toast(page, "No messages on selected days, try other days");
    expect(pageErrors(page)).toEqual([]);
  });

  it("says 'Unable to download.' when the download fails otherwise", async () => {
    const page = await browser.open("/en/history", { cookies: sessionCookies(owner) });
    await rows(page).first().waitFor();
    await page.route("**/conversations/export**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"status":500}}' }),
    );
    await page.locator(`[data-date="${await today(page)}"]`).click();
    await page.getByRole("button", { name: "CSV" }).click();
    await toast(page, "Unable to download.");
  });
});

/**
 * Issue 43 in both languages, for an owner with one visitor's conversation and one asked with an API key: the
 * key's conversation is labelled as the API's, not "Desktop"; choosing a day without conversations closes
 * the one that was open.
 */
describe.each([
  [
    "en",
    "Previous month",
    "No conversations match your filters.",
    "Select a conversation to read it.",
    /Desktop|Unknown device/,
  ],
  [
    "vi",
    "Tháng trước",
    "Không có cuộc trò chuyện nào khớp với bộ lọc.",
    "Chọn một cuộc trò chuyện để xem.",
    /Máy tính|Không rõ thiết bị/,
  ],
] as const)("an owner's history in %s", (locale, previousMonth, noMatches, selectHint, aDevice) => {
  let session: SignedIn;
  let theirAgent: string;
  let byKey: string;
  beforeAll(async () => {
    ({ session, agentId: theirAgent } = await ownerWithAgent({
      name: `Tiệm trà ${locale}`,
      model: "builtin",
      texts: [{ title: "Giờ mở cửa", content: "Tiệm trà mở cửa từ 8 giờ sáng đến 8 giờ tối." }],
    }));
    const key = await ownerApi<{ data: { key: string } }>(session.access, "POST", "/api/v1/agent/api-keys", {
      name: "Backend",
    });
    const asked = await ownerApi<{ data: { conversation_id: string } }>(
      key.body.data.key,
      "POST",
      "/api/v1/agent/conversation/message",
      { content: "Tiệm mở cửa lúc mấy giờ?" },
    );
    expect(asked.status).toBe(200);
    byKey = asked.body.data.conversation_id;
    const visited = await new Visitor(undefined, locale).ask(theirAgent, "Mấy giờ đóng cửa?");
    expect(visited.status).toBe(200);
  });

  it("labels a conversation asked with an API key as the API's, not a device's, on a desktop and a phone", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await browser.open(`/${locale}/history`, {
        cookies: sessionCookies(session),
        locale,
        viewport: size,
        touch: size === "phone",
      });
      const row = page.locator(`[data-testid="history-row"][data-id="${byKey}"]`);
      await row.waitFor();
      expect(await row.getByTestId("row-channel-api").count()).toBe(1);
      expect(await row.getByTestId("row-device").count()).toBe(0);
      expect(await row.textContent()).not.toMatch(aDevice);
      // A visitor's conversation still names its device.
      const visitor = page
        .locator('[data-testid="history-row"]')
        .filter({ hasNot: page.getByTestId("row-channel-api") });
      expect(await visitor.getByTestId("row-device").count()).toBe(1);
    }
  });

  it("closes the open conversation when a day without conversations is chosen", async () => {
    const page = await browser.open(`/${locale}/history`, { cookies: sessionCookies(session), locale });
    await rows(page).first().click();
    const detail = page.getByTestId("history-detail");
    await detail.getByTestId("history-question").waitFor();
    const day = await emptyDay(page, previousMonth);
    await page.locator(`[data-date="${day}"]`).click();
    await page.getByText(noMatches).waitFor();
    await detail.getByText(selectHint).waitFor();
    expect(await detail.getByTestId("history-question").count()).toBe(0);
  });
});

describe("another owner", () => {
  it("sees none of the first owner's conversations", async () => {
    const { session: other } = await ownerWithAgent({ name: "Other shop", model: "builtin", texts: [] });
    const page = await browser.open("/en/history", { cookies: sessionCookies(other) });
    await page.getByText("No conversations yet.").waitFor();
    expect(await rows(page).count()).toBe(0);
    const list = await ownerApi<{ data: { id: string }[] }>(
      other.access,
      "GET",
      "/api/v1/agent/conversations",
    );
    expect(list.body.data).toEqual([]);
    const theirs = await ownerApi(
      other.access,
      "GET",
      `/api/v1/agent/conversation/messages?conversation_id=${started[0]}`,
    );
    expect(theirs.status).toBe(404);
  });
});
