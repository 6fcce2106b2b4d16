import { randomBytes } from "node:crypto";
import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { Visitor } from "../helpers/chat";
import { ask, lastAnswer, ownerWithAgent } from "../helpers/chat-ui";

/**
 * CHAT-8, SEC-2 in a real browser: when an address looks automated the server asks for proof of work, and
 * the public page solves it and resends without the visitor seeing a step. Measured on a phone-sized
 * Chromium with the CPU throttled 4x (CDP), as the issue asks.
 */
const browser = browserPerFile();
let agentId: string;

beforeAll(async () => {
  ({ agentId } = await ownerWithAgent({
    name: "Tiệm bánh Hoa Mai",
    model: "builtin",
    texts: [
      {
        title: "Giờ mở cửa",
        content:
          "Tiệm mở cửa lúc mấy giờ? Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày, kể cả Chủ nhật.",
      },
    ],
  }));
});

const randomIp = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A burst at the per-visitor cap (20 a minute on the test server) puts the address under suspicion. */
async function burstFrom(ip: string) {
  const script = new Visitor(ip, "vi");
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await script.ask(agentId, `Giờ mở cửa ${i}?`)).status);
  expect(statuses.at(-1)).toBe(429);
}

async function visitorPage(ip: string): Promise<{ page: Page; posts: Request[] }> {
  const page = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN" });
  // The browser "comes from" the address through the trusted test proxy, as every visitor here does.
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": ip });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const posts: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/v1/public/agent/conversation/message")) posts.push(r);
  });
  await page.getByTestId("agent-greeting").waitFor();
  return { page, posts };
}

const solveTimes = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName("chat-challenge-solve").map((e) => e.duration));

describe("the proof-of-work challenge", () => {
  it("is solved invisibly on a throttled phone, and the answer arrives", async () => {
    const ip = randomIp();
    await burstFrom(ip);
    const { page, posts } = await visitorPage(ip);

    // Watches the page from before the question: an error or a refusal shown even for a moment counts.
    await page.evaluate(() => {
      const w = window as Window & { shown?: string[] };
      w.shown = [];
      new MutationObserver(() => {
        for (const e of document.querySelectorAll('[data-testid="answer-error"]'))
          w.shown!.push(e.textContent ?? "");
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await ask(page, "Tiệm mở cửa lúc mấy giờ?");
    const answer = await lastAnswer(page);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect(await answer.getByTestId("answer-text").textContent()).toContain("7 giờ");
    // No error or extra step was shown at any point the visitor could see.
    expect(await page.evaluate(() => (window as Window & { shown?: string[] }).shown)).toEqual([]);
    expect(await page.getByTestId("answer-error").count()).toBe(0);
    expect(await page.locator("main").textContent()).not.toContain("trình duyệt xác nhận");
    expect(pageErrors(page)).toEqual([]);

    // The server asked (429 with a challenge), the page answered it once.
    expect(posts).toHaveLength(2);
    expect((await posts[0]!.response())!.status()).toBe(429);
    expect(posts[0]!.headers()["x-chat-challenge"]).toBeUndefined();
    expect(posts[1]!.headers()["x-chat-challenge"]).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect((await posts[1]!.response())!.status()).toBe(200);

    const [took] = await solveTimes(page);
    console.log(`[challenge] solve time on a 390x844 Chromium, CPU throttled 4x: ${took?.toFixed(0)} ms`);
    expect(took).toBeGreaterThan(0);
    expect(took).toBeLessThan(1000);
  }, 120_000);

  it("is never asked of an ordinary visitor, and the solver is never loaded then", async () => {
    const { page, posts } = await visitorPage(randomIp());
    await ask(page, "Tiệm mở cửa lúc mấy giờ?");
    const answer = await lastAnswer(page);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect(posts).toHaveLength(1);
    expect(await solveTimes(page)).toEqual([]);
    const workers = page.workers().length;
    expect(workers).toBe(0);
  }, 60_000);
});
