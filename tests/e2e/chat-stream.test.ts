import { describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, ownerWithAgent } from "../helpers/chat-ui";

/**
 * CHAT-2 with a language model (the test server's local OpenAI-compatible peer, picked by the agent's
 * `model`): tokens arrive one by one, a failing model shows the translated error with Retry, Stop ends an
 * answer, and a hostile answer renders without images, scripts or unsafe links.
 */
const browser = browserPerFile();
const texts = [
  {
    title: "Giờ mở cửa",
    content:
      "Tiệm mở cửa lúc mấy giờ? Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.\n\nWhen do you open? Hoa Mai Bakery opens at 7 am and closes at 9 pm every day.",
  },
];

describe("streaming answers from a language model", () => {
  it("grows the answer token by token", async () => {
    const { agentId } = await ownerWithAgent({ name: "Tiệm chậm", model: "mock-slow", texts });
    const page = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN" });
    await ask(page, "Tiệm mở cửa lúc mấy giờ?");
    const answer = page.getByTestId("chat-answer").last();
    const lengths = new Set<number>();
    for (let i = 0; i < 100 && (await answer.getAttribute("data-state")) === "streaming"; i++) {
      lengths.add(((await answer.getByTestId("answer-text").textContent()) ?? "").length);
      await page.waitForTimeout(100);
    }
    // Several distinct partial lengths: the text grew while the model was still writing.
    expect(lengths.size).toBeGreaterThanOrEqual(4);
    expect(await (await lastAnswer(page)).getAttribute("data-state")).toBe("complete");
    expect(await answer.getByTestId("answer-sources").textContent()).toContain("Giờ mở cửa");
  });

  it("stops an answer with Stop", async () => {
    const { agentId } = await ownerWithAgent({ name: "Tiệm dừng", model: "mock-slow", texts });
    const page = await browser.open(`/en/c/${agentId}`, { viewport: "phone" });
    await ask(page, "When do you open?");
    const answer = page.getByTestId("chat-answer").last();
    await expect
      .poll(async () => ((await answer.getByTestId("answer-text").textContent()) ?? "").length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(3);
    await page.getByRole("button", { name: "Stop the answer" }).click();
    await expect.poll(() => answer.getAttribute("data-state"), { timeout: 10_000 }).toBe("aborted");
    await answer.getByText("You stopped this answer.").waitFor();
    // The composer can send again.
    expect(await page.getByRole("button", { name: "Send" }).count()).toBe(1);
  });

  it("shows a failing model's error in the visitor's language with Retry", async () => {
    const { agentId } = await ownerWithAgent({ name: "Tiệm lỗi", model: "mock-fail", texts });
    const page = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN" });
    await ask(page, "Tiệm mở cửa lúc mấy giờ?");
    const answer = await lastAnswer(page);
    const error = answer.getByTestId("answer-error");
    await error.waitFor();
    const text = (await error.textContent()) ?? "";
    // A sentence in Vietnamese, not a code.
    expect(text).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i);
    expect(text).not.toMatch(/[a-z]+_[a-z]+/);
    const [retried] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/conversation/message")),
      error.getByRole("button", { name: "Thử lại" }).click(),
    ]);
    expect(JSON.parse(retried.postData() ?? "{}").content).toBe("Tiệm mở cửa lúc mấy giờ?");
    await expect.poll(() => page.getByTestId("chat-answer").last().getAttribute("data-state")).toBe("failed");
    // Retry replaces the answer instead of adding one.
    expect(await page.getByTestId("chat-answer").count()).toBe(1);
    expect(await page.getByTestId("chat-question").count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it("renders a hostile answer without images, scripts or unsafe links", async () => {
    const { agentId } = await ownerWithAgent({ name: "Evil", model: "mock-evil", texts });
    const page = await browser.open(`/en/c/${agentId}`);
    const images: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") images.push(r.url());
    });
    await ask(page, "When do you open?");
    const answer = await lastAnswer(page);
    await page.waitForTimeout(500); // the markdown renderer loads lazily
    const text = answer.getByTestId("answer-text");
    expect(await text.locator("img, script, iframe").count()).toBe(0);
    for (const a of await text.locator("a").all()) {
      expect(await a.getAttribute("href")).toMatch(/^(https?:|mailto:)/);
      expect(await a.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    }
    expect(images).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
});
