import { describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, ownerWithAgent, scrollsSideways } from "../helpers/chat-ui";
import { sessionCookies } from "../helpers/oidc-sign-in";

/**
 * Issue 44 item 3 in the browser, on a phone in Vietnamese: the owner adds an answer in Setup's Q&A list,
 * edits it, and a visitor on the public chat page who asks in their own words gets it, cited as the owner's.
 */
const browser = browserPerFile();

describe("Setup → Hỏi & Đáp on a phone (vi)", () => {
  it("teaches an answer that the public chat gives, then removes it after asking", async () => {
    const { session, agentId } = await ownerWithAgent({
      name: "Tiệm bánh Hoa Sen",
      model: "builtin",
      texts: [{ title: "Giờ mở cửa", content: "Tiệm mở cửa từ 6 giờ 30 đến 21 giờ mỗi ngày." }],
    });
    const page = await browser.open("/vi/setup", {
      viewport: "phone",
      locale: "vi-VN",
      touch: true,
      cookies: sessionCookies(session),
    });
    const panel = page.getByTestId("taught-answers");
    await panel.waitFor();
    expect(await panel.getByRole("heading", { name: "Hỏi & Đáp" }).count()).toBe(1);
    await panel.getByTestId("taught-answer-add").click();
    const form = panel.getByTestId("taught-answer-form");
    await form.getByLabel("Câu hỏi", { exact: true }).fill("Tiệm có nhận thanh toán MoMo không?");
    await form
      .getByLabel("Các cách hỏi khác (không bắt buộc, mỗi dòng một câu)")
      .fill("Trả bằng MoMo được không?");
    await form.getByLabel("Câu trả lời").fill("Dạ có, tiệm nhận <b>MoMo</b> và ZaloPay.");
    const [posted] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith("/api/v1/agent/answers") && r.request().method() === "POST",
      ),
      form.getByTestId("taught-answer-save").click(),
    ]);
    expect(posted.status()).toBe(200);
    const item = panel.getByTestId("taught-answer");
    await item.waitFor();
    // HTML the owner typed is text on the page.
    expect(await item.getByTestId("taught-answer-text").textContent()).toBe(
      "Dạ có, tiệm nhận <b>MoMo</b> và ZaloPay.",
    );
    expect(await scrollsSideways(page)).toBe(false);

    // Edit in place, once the toast (4 s, bottom of a phone's screen, over the form's button) has gone.
    const toasts = page.locator("[data-sonner-toast]");
    await toasts.first().waitFor({ state: "detached", timeout: 10_000 });
    await item.getByRole("button", { name: "Sửa" }).click();
    await item.getByLabel("Câu trả lời").fill("Dạ có, tiệm nhận MoMo và ZaloPay, không thu thêm phí.");
    await item.getByRole("button", { name: "Lưu" }).click();
    await expect
      .poll(() => item.getByTestId("taught-answer-text").textContent())
      .toBe("Dạ có, tiệm nhận MoMo và ZaloPay, không thu thêm phí.");
    expect(pageErrors(page)).toEqual([]);

    // A visitor on the public page asks in their own words.
    const chat = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN", touch: true });
    await ask(chat, "Mình trả bằng MoMo được không ạ?");
    const answer = await lastAnswer(chat);
    expect(await answer.textContent()).toContain("Dạ có, tiệm nhận MoMo và ZaloPay, không thu thêm phí.");
    expect(await answer.getByTestId("answer-source").first().textContent()).toContain(
      "Câu trả lời từ Tiệm bánh Hoa Sen",
    );

    // Removal asks first.
    await toasts.first().waitFor({ state: "detached", timeout: 10_000 });
    await item.getByTestId("taught-answer-remove").click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Xóa" }).click();
    await item.waitFor({ state: "detached" });
    expect(pageErrors(page)).toEqual([]);
  });
});
