import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, ownerWithAgent, scrollsSideways } from "../helpers/chat-ui";

/**
 * Issue 12 on a phone (390 × 844): a price question answered in built-in mode shows the matching rows of
 * the price list as a small table, nothing unrelated, and a [n] that opens its source's passage.
 */
const browser = browserPerFile();
let agentId: string;

const prices = [
  "Sản phẩm;Giá;Đơn vị",
  "Bánh mì thịt;25.000 ₫;ổ",
  "Bánh mì chả cá;30.000 ₫;ổ",
  "Cà phê sữa đá;29.000 ₫;ly",
  "Trà đào cam sả;45.000 ₫;ly",
  "Bánh bông lan trứng muối;120.000 ₫;hộp",
].join("\n");

beforeAll(async () => {
  ({ agentId } = await ownerWithAgent({
    name: "Tiệm bánh Hoa Mai",
    kind: "business",
    model: "builtin",
    texts: [
      {
        title: "Thông tin cửa hàng",
        content:
          "Mật khẩu Wi-Fi của tiệm là hoamai2024. Tiệm giao hàng trong bán kính 5 km với phí 15.000 đồng. Tiệm mở cửa từ 7 giờ sáng đến 9 giờ tối.",
      },
    ],
    files: [{ name: "bang-gia.csv", content: prices }],
  }));
});

describe("an answer to a price question on a phone", () => {
  it("shows the matching rows as a table, cites its one source, and opens the passage from [1]", async () => {
    const page = await browser.open(`/vi/c/${agentId}`, { viewport: "phone", locale: "vi-VN" });
    await page.getByTestId("agent-greeting").waitFor();
    await ask(page, "Bánh mì giá bao nhiêu?");
    const answer = await lastAnswer(page);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    const text = answer.getByTestId("answer-text");
    await text.locator("table").waitFor();
    const rows = await text.locator("tbody tr").allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows.join(" ")).toContain("Bánh mì thịt");
    expect(rows.join(" ")).toContain("30.000 ₫");
    expect(await text.textContent()).not.toMatch(/hoamai2024|Cà phê|Trà đào/);
    expect(await text.textContent()).toContain("Theo tài liệu");

    // One source, numbered 1, and every citation is a link to it.
    const sources = answer.getByTestId("answer-source");
    expect(await sources.count()).toBe(1);
    expect(await sources.first().textContent()).toContain("bang-gia.csv");
    const citations = text.getByTestId("answer-citation");
    expect(await citations.count()).toBeGreaterThan(0);
    expect(await citations.allTextContents()).toEqual((await citations.allTextContents()).map(() => "1"));
    // Each [n] is a 44 × 44 px target on a phone (issue 43 item 20), its chip small and the line unchanged.
    for (const box of await citations.evaluateAll((els) =>
      els.map((el) => {
        const own = el.getBoundingClientRect();
        const chip = el.firstElementChild!.getBoundingClientRect();
        const line = Number.parseFloat(getComputedStyle(el.parentElement!).lineHeight);
        const block = el.closest("p, td, li")!;
        return {
          w: own.width,
          h: own.height,
          chip: chip.height,
          line,
          block: block.getBoundingClientRect().height,
        };
      }),
    )) {
      expect(box.w).toBeGreaterThanOrEqual(44);
      expect(box.h).toBeGreaterThanOrEqual(44);
      expect(box.chip).toBeLessThan(28);
      // A one-line cell or paragraph keeps its height: the target's margins do not open the line.
      expect(box.block).toBeLessThan(box.line * 3);
    }
    const passage = sources.first().getByTestId("answer-source-passage");
    expect(await passage.getAttribute("open")).toBeNull();
    await citations.first().click();
    await expect.poll(() => passage.getAttribute("open")).not.toBeNull();
    expect(await passage.locator("blockquote").textContent()).toContain("Trà đào cam sả");

    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: "/tmp/answers-price-phone.png", fullPage: false });
    expect(pageErrors(page)).toEqual([]);
  });

  it("answers in English around the quote for an English visitor", async () => {
    const page = await browser.open(`/en/c/${agentId}`, { viewport: "phone" });
    await page.getByTestId("agent-greeting").waitFor();
    await ask(page, "How much is the tra dao cam sa?");
    const answer = await lastAnswer(page);
    const text = (await answer.getByTestId("answer-text").textContent()) ?? "";
    expect(text).toContain("According to the documents");
    // The price cell written the English way (issue 43 item 21).
    expect(text).toContain("45,000 VND");
    expect(text).not.toMatch(/hoamai2024|Bánh mì/);
    expect(await scrollsSideways(page)).toBe(false);
  });
});
