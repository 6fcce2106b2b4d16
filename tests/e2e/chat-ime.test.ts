import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { lastAnswer, ownerWithAgent } from "../helpers/chat-ui";

/**
 * CHAT-6: the Enter that an input method uses to finish a Vietnamese word must not send. The composition is
 * driven through the DevTools protocol, as a real IME drives the page.
 */
const browser = browserPerFile();
let agentId: string;

beforeAll(async () => {
  ({ agentId } = await ownerWithAgent({
    name: "Phòng khám Hoa",
    kind: "individual",
    texts: [
      {
        title: "Lịch khám",
        content: "Lịch khám: phòng khám nhận bệnh từ thứ Hai đến thứ Bảy, 8 giờ đến 17 giờ.",
      },
    ],
  }));
});

describe("the composer and an input method", () => {
  it("does not send on Enter while composing, and sends on Enter after the word is committed", async () => {
    const page = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN" });
    const box = page.getByTestId("composer").locator("textarea");
    await box.focus();
    const cdp = await page.context().newCDPSession(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/conversation/message")) posts.push(r.url());
    });

    await cdp.send("Input.imeSetComposition", { text: "khám", selectionStart: 4, selectionEnd: 4 });
    await page.keyboard.press("Enter");
    await cdp.send("Input.imeSetComposition", { text: "lịch khám", selectionStart: 9, selectionEnd: 9 });
    await page.keyboard.press("Enter");
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    expect(await page.getByTestId("chat-question").count()).toBe(0);

    await cdp.send("Input.insertText", { text: "lịch khám" });
    expect((await box.inputValue()).trim()).toBe("lịch khám");
    await page.keyboard.press("Enter");
    await page.getByTestId("chat-question").waitFor();
    expect(await page.getByTestId("chat-question").textContent()).toBe("lịch khám");
    expect(posts).toHaveLength(1);
    await lastAnswer(page);
    expect(await box.inputValue()).toBe("");

    // Shift+Enter breaks the line instead of sending.
    await box.fill("dòng một");
    await box.press("Shift+Enter");
    await box.pressSequentially("dòng hai");
    expect(await box.inputValue()).toBe("dòng một\ndòng hai");
    expect(posts).toHaveLength(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it("counts characters near the 4,000 limit and stops there", async () => {
    const page = await browser.open(`/en/c/${agentId}`, { viewport: "phone" });
    const box = page.getByTestId("composer").locator("textarea");
    await box.fill("a".repeat(3000));
    expect(await page.getByTestId("composer-counter").count()).toBe(0);
    await box.fill("a".repeat(3900));
    expect(await page.getByTestId("composer-counter").textContent()).toBe("3900 of 4000 characters");
    await box.fill("a".repeat(4100));
    expect((await box.inputValue()).length).toBe(4000);
  });

  it("logs the real composer's events on the keyboard test page and never sends a composing Enter", async () => {
    const page = await browser.open("/en/test-ban-phim");
    const composer = page.getByTestId("keyboard-composer").locator("textarea");
    await composer.focus();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.imeSetComposition", { text: "chào", selectionStart: 4, selectionEnd: 4 });
    await page.keyboard.press("Enter");
    const events = page.getByTestId("keyboard-events");
    await events.getByText("composer compositionstart").waitFor();
    expect(await events.getByText("send", { exact: true }).count()).toBe(0);
    await cdp.send("Input.insertText", { text: "chào" });
    await events.getByText("composer compositionend").waitFor();
    await page.keyboard.press("Enter");
    await events.getByText("send", { exact: true }).waitFor();
  });
});
