import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, ownerWithAgent, scrollsSideways } from "../helpers/chat-ui";

/**
 * CHAT-1, 2, 4, 5, 7 as a visitor on a phone: asks in Vietnamese and in English, sees answers with their
 * sources, rates one, reloads, and comes back through the conversation's address and through /{lang}/c.
 */
const browser = browserPerFile();
let agentId: string;

beforeAll(async () => {
  ({ agentId } = await ownerWithAgent({
    name: "Tiệm bánh Hoa Mai",
    kind: "business",
    suggested_questions: ["Tiệm mở cửa lúc mấy giờ?", "Do you deliver?"],
    texts: [
      {
        title: "Giờ mở cửa",
        content: [
          "Tiệm mở cửa lúc mấy giờ? Tiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.",
          "Chủ nhật có mở cửa không? Có, Chủ nhật tiệm vẫn mở cửa như ngày thường.",
          "Bánh mì thịt giá bao nhiêu? Bánh mì thịt giá 25.000 đồng một ổ.",
        ].join("\n\n"),
      },
      {
        title: "Delivery",
        content:
          "Do you deliver to my house? Yes, Hoa Mai Bakery delivers free of charge to houses within 5 km of the shop. Delivery orders are taken by phone from 8 am to 8 pm.",
      },
    ],
  }));
});

describe("a visitor chats on a phone", () => {
  it("asks in Vietnamese, rates the answer, reloads and finds the conversation again", async () => {
    const page = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN" });
    await page.getByTestId("agent-greeting").waitFor();
    // Set in the phone's own font: the page downloads no font file (issue 18, LCP).
    expect(
      await page.getByTestId("agent-greeting").evaluate((el) => getComputedStyle(el).fontFamily),
    ).toMatch(/^system-ui/);
    expect(
      await page.evaluate(
        () => performance.getEntriesByType("resource").filter((r) => /\.woff2?(\?|$)/.test(r.name)).length,
      ),
    ).toBe(0);
    // The owner's questions are chips that ask.
    await page
      .getByTestId("agent-questions")
      .getByRole("button", { name: "Tiệm mở cửa lúc mấy giờ?" })
      .click();
    const answer = await lastAnswer(page);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect((await answer.getByTestId("answer-text").textContent())?.trim().length).toBeGreaterThan(0);
    expect(await answer.getByTestId("answer-sources").textContent()).toContain("Giờ mở cửa");
    expect(await page.getByTestId("chat-question").first().textContent()).toBe("Tiệm mở cửa lúc mấy giờ?");

    // After the first answer the address is the conversation's own, without a reload.
    await page.waitForURL(new RegExp(`/vi/c/${agentId}/[A-Za-z0-9_-]+$`));
    const conversationUrl = new URL(page.url()).pathname;

    // A second question in the same conversation, typed.
    await ask(page, "Bánh mì thịt giá bao nhiêu?");
    await expect.poll(() => page.getByTestId("chat-answer").count()).toBe(2);
    const second = await lastAnswer(page);
    expect(await second.getAttribute("data-state")).toBe("complete");
    expect(new URL(page.url()).pathname).toBe(conversationUrl);

    // Thumbs up, then a comment.
    const [rated] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/feedback") && r.request().method() === "POST"),
      second.getByRole("button", { name: "Hữu ích", exact: true }).click(),
    ]);
    expect(rated.status()).toBe(200);
    const form = page.getByTestId("feedback-comment");
    await form.locator("textarea").fill("Rất rõ ràng, cảm ơn!");
    const [commented] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/feedback")),
      form.getByRole("button", { name: "Gửi góp ý" }).click(),
    ]);
    expect(commented.status()).toBe(200);
    const saved = (await commented.json()) as { data: { feedback: { helpful: boolean; comment: string } } };
    expect(saved.data.feedback).toEqual({ helpful: true, comment: "Rất rõ ràng, cảm ơn!" });
    expect(await scrollsSideways(page)).toBe(false);

    // Reload: the same conversation, with the rating kept.
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("chat-answer").count()).toBe(2);
    expect(await page.getByTestId("chat-question").allTextContents()).toEqual([
      "Tiệm mở cửa lúc mấy giờ?",
      "Bánh mì thịt giá bao nhiêu?",
    ]);
    expect(
      await page
        .getByTestId("chat-answer")
        .last()
        .getByRole("button", { name: "Hữu ích", exact: true })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(
      await page.getByTestId("chat-answer").first().getByTestId("answer-sources").textContent(),
    ).toContain("Giờ mở cửa");

    // And it continues there.
    await ask(page, "Chủ nhật có mở cửa không?");
    await expect.poll(() => page.getByTestId("chat-answer").count()).toBe(3);
    expect(await (await lastAnswer(page)).getAttribute("data-state")).toBe("complete");

    // The composer stays on screen on a phone.
    const box = await page.getByTestId("composer").boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);

    // The list of this device's chats leads back to it.
    await page.goto("/vi/c", { waitUntil: "networkidle" });
    const chats = page.getByTestId("visitor-chat");
    expect(await chats.count()).toBe(1);
    expect(await chats.first().textContent()).toContain("Tiệm mở cửa lúc mấy giờ?");
    expect(await chats.first().textContent()).toContain("Tiệm bánh Hoa Mai");
    await chats.first().click();
    await page.waitForURL((url) => url.pathname === conversationUrl);
    await expect.poll(() => page.getByTestId("chat-answer").count()).toBe(3);

    // In English on the same device: a new conversation, listed beside the first.
    await page.goto(`/en/c/${agentId}`, { waitUntil: "networkidle" });
    await ask(page, "Do you deliver to my house?");
    const english = await lastAnswer(page);
    expect(await english.getAttribute("data-state")).toBe("complete");
    expect(await english.getByTestId("answer-sources").textContent()).toContain("Delivery");
    await english.getByRole("button", { name: "Not helpful", exact: true }).click();
    await page.getByTestId("feedback-comment").waitFor();
    await page.waitForURL(new RegExp(`/en/c/${agentId}/[A-Za-z0-9_-]+$`));
    expect(new URL(page.url()).pathname).not.toBe(conversationUrl.replace("/vi/", "/en/"));
    await page.goto("/en/c", { waitUntil: "networkidle" });
    expect(await page.getByTestId("visitor-chat").count()).toBe(2);
    expect(await page.getByTestId("visitor-chat").first().textContent()).toContain(
      "Do you deliver to my house?",
    );
    expect(await scrollsSideways(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);

    // Someone else opening that address finds nothing.
    const stranger = await browser.open(conversationUrl, { viewport: "phone", locale: "vi-VN" });
    await stranger.getByTestId("conversation-not-found").waitFor();
    expect(await stranger.getByTestId("conversation-not-found").textContent()).toContain(
      "Cuộc trò chuyện này không tồn tại",
    );
    expect(await stranger.getByTestId("chat-answer").count()).toBe(0);
  });

  it("shows an empty list to a visitor who never chatted", async () => {
    const page = await browser.open("/en/c", { viewport: "phone" });
    await page.getByText("You have not chatted with any agent on this device yet.").waitFor();
  });
});
