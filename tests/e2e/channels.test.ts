import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { buyBeginner } from "../helpers/channels";
import { newPerson, oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { startTelegramPeer, type TelegramPeer } from "../peers/telegram";

/**
 * Issue 47 in the browser, in Vietnamese on a 390×844 phone: an owner on Beginner connects a Telegram bot
 * (against the local fake of the Bot API) from Setup → Channels, sees it connected, and finds the first
 * conversation on Telegram in History with the platform's label.
 */

const browser = browserPerFile();
let server: TestServer;
let telegram: TelegramPeer;

beforeAll(async () => {
  telegram = await startTelegramPeer();
  server = await startTestServer({
    env: { ...oidcEnv(), TRUSTED_PROXIES: "127.0.0.1", TELEGRAM_API_BASE: telegram.origin },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await telegram?.stop();
});

describe("Setup → Channels", () => {
  it("connects a Telegram bot on a phone, in Vietnamese, and shows its first conversation in History", async () => {
    const base = server.baseUrl;
    const owner = await signInWithOidc(newPerson("Lan"), base);
    const made = await fetch(`${base}/api/v1/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.access}`, "content-type": "application/json", origin: base },
      body: JSON.stringify({ name: "Tiệm bánh Hoa Mai", kind: "business", model: "builtin" }),
    });
    expect(made.status).toBe(201);

    const page = await browser.open(`${base}/vi/setup/channels`, {
      viewport: "phone",
      locale: "vi-VN",
      cookies: [
        { name: "access_token", value: owner.access, url: base },
        { name: "renewal_token", value: owner.renewal, url: base },
      ],
    });
    await page.getByRole("heading", { name: "Kênh nhắn tin", level: 1 }).waitFor();
    // On the free plan: no form, but what plan channels need and the way to it.
    const plan = page.getByTestId("channels-plan");
    await plan.waitFor();
    expect(await plan.textContent()).toContain("Kênh nhắn tin có từ gói Khởi đầu");
    expect(await page.getByTestId("channels-upgrade").getAttribute("href")).toBe("/vi/pricing");
    expect(await page.getByTestId("connect-form").count()).toBe(0);

    await buyBeginner(base, owner.access);
    await page.reload({ waitUntil: "networkidle" });
    await page.getByTestId("connect-form").waitFor();
    await page.getByText("Chưa có kênh nào").waitFor();
    expect(await page.getByTestId("channels-plan").count()).toBe(0);

    await page.getByLabel("Mã bot (bot token)").fill(telegram.token);
    await page.getByRole("button", { name: "Kết nối", exact: true }).click();
    const channel = page.getByTestId("channel");
    await channel.waitFor();
    await expect.poll(() => channel.getAttribute("data-state"), { timeout: 10_000 }).toBe("connected");
    expect(await channel.getByTestId("channel-state").textContent()).toBe("Đã kết nối");
    expect(await channel.textContent()).toContain("Chưa có tin nhắn nào");
    // The bot's webhook now points at this channel's URL, with its secret.
    const id = (await channel.getAttribute("data-id"))!;
    expect(telegram.webhook?.url).toBe(`${base}/api/v1/channels/telegram/${id}`);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Test asks Telegram who the bot is, and says so.
    await channel.getByRole("button", { name: "Kiểm tra" }).click();
    await page.getByText("Telegram phản hồi với tên @fake_bot: kết nối hoạt động tốt.").waitFor();
    expect(telegram.sent).toHaveLength(0);

    // Someone writes to the bot; the agent answers through sendMessage.
    const update = JSON.stringify({
      update_id: 4242,
      message: {
        message_id: 1,
        from: { id: 880001, is_bot: false, first_name: "Minh" },
        chat: { id: 880001, type: "private" },
        date: Math.floor(Date.now() / 1000),
        text: "Xin chào, tiệm mở cửa lúc mấy giờ?",
      },
    });
    const delivered = await fetch(telegram.webhook!.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": telegram.webhook!.secret_token,
      },
      body: update,
    });
    expect(delivered.status).toBe(200);
    await expect.poll(() => telegram.sent.length, { timeout: 15_000, interval: 100 }).toBe(1);

    await page.goto(`${base}/vi/history`, { waitUntil: "networkidle" });
    const row = page.getByTestId("history-row").first();
    await row.waitFor();
    expect(await row.getByTestId("row-question").textContent()).toContain("tiệm mở cửa lúc mấy giờ");
    const badge = row.getByTestId("row-messaging-channel");
    expect(await badge.getAttribute("data-channel")).toBe("telegram");
    expect(await badge.textContent()).toBe("Telegram");
    expect(await badge.getAttribute("title")).toBe("Đến qua Telegram");
    expect(pageErrors(page)).toEqual([]);
  }, 180_000);
});
