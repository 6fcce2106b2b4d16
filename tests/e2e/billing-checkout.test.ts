import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import en from "../../messages/en.json";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { sessionCookies } from "../helpers/oidc-sign-in";
import { signInWithCode } from "../helpers/session";
import { expectPhoneFriendly } from "../helpers/touch-targets";

/**
 * The built-in sandbox's checkout page as an owner meets it (issue 43 items 9, 10, 16), in both languages:
 * a bank transfer shows what to pay to (the VietQR panel payOS has) and its funds can be made to arrive; a
 * declined card says why and keeps the owner on the checkout; on a 390 × 844 phone nothing is cut off, there
 * is a way back, and no placeholder looks like a value already typed.
 */
const browser = browserPerFile();
const base = () => inject("baseUrl");
const catalogue = { en, vi } as const;
type Locale = "en" | "vi";

const CARD_OK = "4242 4242 4242 4242";
const CARD_DECLINED = "4000 0000 0000 0002";
const CARD_NO_FUNDS = "4000 0000 0000 9995";
const CARD_EXPIRED = "4000 0000 0000 0069";

const uniqueEmail = (tag: string) => `e2e-checkout-${tag}-${randomBytes(4).toString("hex")}@example.test`;

/** Signed in, on the sandbox checkout of Beginner monthly, started from the pricing page. */
async function atCheckout(locale: Locale, phone: boolean, tag: string): Promise<Page> {
  const owner = await signInWithCode(base(), uniqueEmail(`${tag}-${locale}`));
  const page = await browser.open(`/${locale}/pricing`, {
    viewport: phone ? "phone" : "desktop",
    locale,
    touch: phone,
    cookies: sessionCookies(owner),
  });
  await page.locator('[data-testid="plan-card"][data-plan="beginner"]').getByRole("button").click();
  await page.waitForURL((url) => url.pathname.startsWith(`/${locale}/billing/checkout/`), {
    timeout: 20_000,
  });
  await page.getByTestId("checkout-form").waitFor();
  return page;
}

async function typeCard(page: Page, locale: Locale, number: string) {
  const t = catalogue[locale].checkout;
  const form = page.getByTestId("checkout-form");
  await form.getByLabel(t.number).fill(number);
  await form.getByLabel(t.expiry).fill("12/30");
  await form.getByLabel(t.cvc).fill("123");
  await form.locator('button[type="submit"]').click();
}

async function expectActive(page: Page, locale: Locale) {
  await page.waitForURL((url) => url.pathname === `/${locale}/billing`, { timeout: 20_000 });
  await expect
    .poll(() => page.getByTestId("plan-summary").getAttribute("data-status"), { timeout: 20_000 })
    .toBe("active");
}

describe.each(["en", "vi"] as const)("the sandbox checkout in %s", (locale) => {
  const t = catalogue[locale].checkout;

  it("bank transfer: a test account, the exact amount, a reference and a QR, then funds made to arrive", async () => {
    const page = await atCheckout(locale, false, "transfer");
    const amount = (await page.getByTestId("checkout-amount").textContent())?.trim() ?? "";
    expect(amount).not.toBe("");
    // The banner speaks of both ways to pay in test mode, not only of test cards.
    expect(await page.getByTestId("test-mode").textContent()).toContain(t.testModeNote);

    await page.getByTestId("checkout-form").getByRole("button", { name: t.bankTransfer }).click();
    const panel = page.getByTestId("transfer-details");
    await panel.waitFor();
    expect(await panel.getByTestId("transfer-test-mode").textContent()).toContain(t.testMode);
    expect((await panel.getByTestId("transfer-account-number").textContent())?.trim()).toMatch(/\d{6,}/);
    expect((await panel.getByTestId("transfer-amount").textContent())?.trim()).toBe(amount);
    expect((await panel.getByTestId("transfer-description").textContent())?.trim()).toMatch(
      /^AC[0-9A-Z]{6,}$/,
    );
    // The QR is drawn on the server: an inline SVG, no image to fetch.
    expect(await panel.getByTestId("transfer-qr").locator("svg").count()).toBe(1);
    expect(await panel.locator("img").count()).toBe(0);

    await page.getByRole("button", { name: t.simulateFunds }).click();
    await expectActive(page, locale);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("a declined card says why and stays on the checkout; another card, then one that pays", async () => {
    const page = await atCheckout(locale, false, "declined");
    const here = page.url();
    const form = page.getByTestId("checkout-form");
    const reason = page.getByTestId("card-declined");

    for (const [number, code] of [
      [CARD_DECLINED, "card_declined"],
      [CARD_NO_FUNDS, "insufficient_funds"],
      [CARD_EXPIRED, "expired_card"],
    ] as const) {
      await typeCard(page, locale, number);
      await reason.waitFor({ timeout: 20_000 });
      expect(await reason.getAttribute("data-reason")).toBe(code);
      expect(await reason.textContent()).toContain(t.declined[code]);
      // Still on a checkout, the card typed still there to correct.
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${locale}/billing/checkout/`));
      expect(await form.getByLabel(t.number).inputValue()).toBe(number);
      await reason.getByRole("button", { name: t.payByTransfer }).waitFor();
      await reason.getByRole("button", { name: t.tryAnotherCard }).click();
      await reason.waitFor({ state: "detached" });
      expect(await form.getByLabel(t.number).inputValue()).toBe("");
    }
    expect(new URL(page.url()).pathname.startsWith(`/${locale}/billing/checkout/`)).toBe(true);
    expect(page.url()).not.toBe(here);

    // "Pay by bank transfer" after a decline opens the transfer panel on the same page.
    await typeCard(page, locale, CARD_DECLINED);
    await reason.getByRole("button", { name: t.payByTransfer }).click();
    await page.getByTestId("transfer-details").waitFor();
    await form.getByRole("button", { name: t.card }).click();

    await typeCard(page, locale, CARD_OK);
    await expectActive(page, locale);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("on a 390 × 844 phone: no label cut off, a way back, placeholders that are not values", async () => {
    const page = await atCheckout(locale, true, "phone");
    const back = page.getByTestId("checkout-back");
    expect(await back.textContent()).toContain(t.cancel);
    expect(new URL((await back.getAttribute("href")) ?? "", base()).pathname).toBe(`/${locale}/pricing`);

    const cutOff = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("#content *")]
          .filter((el) => {
            const style = getComputedStyle(el);
            return (
              el.getBoundingClientRect().width > 1 &&
              (style.textOverflow === "ellipsis" || style.overflow === "hidden") &&
              el.scrollWidth > el.clientWidth + 1
            );
          })
          .map((el) => el.textContent?.trim()),
      );
    expect(await cutOff()).toEqual([]);
    // Placeholders describe what to type; none of them is a number that reads as already filled in.
    const placeholders = await page
      .getByTestId("checkout-form")
      .locator("input[placeholder]")
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).placeholder));
    expect(placeholders.filter((p) => /^[\d\s/]+$/.test(p))).toEqual([]);
    await expectPhoneFriendly(page, "phone");

    await page.getByTestId("checkout-form").getByRole("button", { name: t.bankTransfer }).click();
    await page.getByTestId("transfer-details").waitFor();
    expect(await cutOff()).toEqual([]);
    await expectPhoneFriendly(page, "phone");

    await back.click();
    await page.waitForURL((url) => url.pathname === `/${locale}/pricing`, { timeout: 20_000 });
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
