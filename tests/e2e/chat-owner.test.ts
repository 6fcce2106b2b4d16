import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, ownerWithAgent } from "../helpers/chat-ui";
import { type SignedIn, sessionCookies } from "../helpers/oidc-sign-in";

/** CHAT-9: the owner tests the agent on setup and on /chat; /ai shows what the agent knows. */
const browser = browserPerFile();
let session: SignedIn;

beforeAll(async () => {
  ({ session } = await ownerWithAgent({
    name: "Acme Coffee",
    kind: "business",
    suggested_questions: ["Where do your beans come from?"],
    texts: [
      {
        title: "Our beans",
        content:
          "Where do your beans come from? Where is the coffee from? Our beans come from Da Lat and Buon Ma Thuot: Acme Coffee buys the coffee directly from the farmers and roasts it in Saigon.",
      },
    ],
  }));
});

describe("the owner's test chat", () => {
  it("answers on the setup page with sources", async () => {
    const page = await browser.open("/en/setup", { cookies: sessionCookies(session) });
    const panel = page.getByTestId("agent-test");
    await panel.getByText("Test your agent").waitFor();
    const [posted] = await Promise.all([
      page.waitForRequest(
        (r) => r.method() === "POST" && r.url().endsWith("/api/v1/agent/conversation/message"),
      ),
      panel.getByRole("button", { name: "Where do your beans come from?" }).click(),
    ]);
    expect(posted.headers().accept).toBe("text/event-stream");
    const answer = await lastAnswer(panel.page());
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect(await answer.getByTestId("answer-sources").textContent()).toContain("Our beans");
    // The owner can rate too.
    const [rated] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/feedback")),
      answer.getByRole("button", { name: "Helpful", exact: true }).click(),
    ]);
    expect(rated.status()).toBe(200);
    expect(pageErrors(page)).toEqual([]);
  });

  it("lets the owner choose the agent's model from the configured ones, and its daily ceiling", async () => {
    const page = await browser.open("/vi/setup", { cookies: sessionCookies(session) });
    const select = page.getByLabel("Mô hình ngôn ngữ");
    await expect.poll(() => select.locator("option").count(), { timeout: 15_000 }).toBeGreaterThan(2);
    expect(await select.locator("option").first().textContent()).toBe("Mặc định (mock-chat)");
    await select.selectOption("builtin");
    // The test server sets no daily ceiling by default (CHAT_LIMIT_AGENT_DAILY_SHARE=100): shares on offer.
    const ceiling = page.getByLabel("Tin nhắn của khách mỗi ngày");
    expect(await ceiling.locator("option").allTextContents()).toEqual([
      "Không giới hạn theo ngày",
      "10% của tháng",
      "20% của tháng",
      "35% của tháng",
      "50% của tháng",
    ]);
    await ceiling.selectOption("20");
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/v1/agent?") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Lưu thay đổi" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    const { data } = (await saved.json()) as { data: { model: string; daily_share: number | null } };
    expect(data).toMatchObject({ model: "builtin", daily_share: 20 });
    await select.selectOption("");
    await page.getByLabel("Tin nhắn của khách mỗi ngày").selectOption("");
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/v1/agent?") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Lưu thay đổi" }).click(),
    ]);
  });

  it("shows the agent on /ai", async () => {
    const page = await browser.open("/en/ai", { cookies: sessionCookies(session) });
    await page.getByRole("heading", { name: "What Acme Coffee knows and can do", level: 1 }).waitFor();
    expect(await page.getByTestId("agent-learned").textContent()).toMatch(/^1 document, [\d,]+ characters$/);
    expect((await page.getByTestId("agent-model").textContent())?.length).toBeGreaterThan(0);
    await page.getByText("Where do your beans come from?").waitFor();
    await page.getByRole("link", { name: "Test your agent" }).click();
    await page.waitForURL((url) => url.pathname === "/en/chat");
  });
  it("answers on the full-page chat, also after the session is renewed", async () => {
    // Only the renewal token: the first call renews, then the chat works.
    const page = await browser.open("/en/chat", {
      viewport: "phone",
      cookies: sessionCookies(session, { access: false, renewal: true }),
    });
    await ask(page, "Where is the coffee from?");
    const answer = await lastAnswer(page);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect(await answer.getByTestId("answer-sources").textContent()).toContain("Our beans");
  });
});
