import { describe, expect, it } from "vitest";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { payosWorld } from "../helpers/payos-server";
import { expectPhoneFriendly } from "../helpers/touch-targets";

/**
 * BILL-3 with payOS in Chromium, in Vietnamese: a server of this file's own with payOS and Stripe configured
 * (the fakes of tests/peers). Choosing a plan opens our own transfer page with the VietQR code and the bank
 * details; the fake bank pays part, and the page shows what is still due by itself; it pays the rest, and the
 * page turns paid by itself, with the plan active on the billing page. On another screen, "Pay by card
 * instead" takes the same plan to Stripe's page.
 */
const browser = browserPerFile();
const t = vi;
const world = payosWorld({ stripe: true, sandbox: false });
const base = world.base;

async function openPricing(size: "desktop" | "phone") {
  const { access, renewal } = await signInWithOidc(undefined, base());
  const page = await browser.open(`${base()}/vi/pricing`, {
    viewport: size,
    locale: "vi",
    touch: size === "phone",
    cookies: [
      { name: "access_token", value: access, url: base() },
      { name: "renewal_token", value: renewal, url: base() },
    ],
  });
  await page.getByRole("button", { name: t.pricing.monthly, exact: false }).click();
  await page.locator('[data-plan="starter"]').getByRole("button").click();
  await page.waitForURL(
    (url) => url.origin === base() && /^\/vi\/billing\/checkout\/[^/]+$/.test(url.pathname),
  );
  return page;
}

const linkOf = (accountNumber: string) =>
  [...world.peer().links.values()].find((l) => l.accountNumber === accountNumber)!;

describe("payOS checkout in Vietnamese", () => {
  it("shows the QR and the bank details; a partial transfer shows the rest due, the full one turns the page paid by itself", async () => {
    const page = await openPricing("phone");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(t.checkout.transferTitle);
    const qr = page.getByTestId("transfer-qr");
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.getAttribute("aria-label")).toBe(t.checkout.qr);
    const box = await qr.locator("svg").boundingBox();
    expect(box!.width).toBeGreaterThan(150);
    const accountNumber = (await page.getByTestId("transfer-account-number").textContent())!.trim();
    const link = linkOf(accountNumber);
    expect(link).toBeDefined();
    expect(await page.getByTestId("transfer-description").textContent()).toBe(link.description);
    expect(await page.getByTestId("transfer-amount").textContent()).toMatch(/^499\.000\s₫$/);
    expect(await page.getByTestId("transfer-bank").textContent()).toBeTruthy();
    expect(await page.getByTestId("transfer-state").getAttribute("data-state")).toBe("waiting");
    await expectPhoneFriendly(page, "phone");

    // Part of the money: the page shows what is still due, without a reload.
    await world.peer().pay(link.id, 100_000);
    await expect
      .poll(() => page.getByTestId("transfer-underpaid").textContent(), { timeout: 20_000 })
      .toMatch(/399\.000\s₫/);
    expect(await page.getByTestId("transfer-amount").textContent()).toMatch(/^399\.000\s₫$/);

    // The rest: the page turns paid by itself.
    await world.peer().pay(link.id);
    const state = page.getByTestId("transfer-state");
    await expect.poll(() => state.getAttribute("data-state"), { timeout: 20_000 }).toBe("paid");
    expect(await state.textContent()).toContain(t.checkout.paid.replace("{plan}", "Cơ bản"));
    await state.getByRole("link", { name: t.checkout.toBilling }).click();
    await page.waitForURL((url) => url.pathname === "/vi/billing");
    await expect
      .poll(() => page.getByTestId("plan-summary").getAttribute("data-status"), { timeout: 20_000 })
      .toBe("active");
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("'Pay by card instead' takes the same plan to Stripe's page and the old QR can no longer be paid", async () => {
    const page = await openPricing("desktop");
    const accountNumber = (await page.getByTestId("transfer-account-number").textContent())!.trim();
    const link = linkOf(accountNumber);
    await page.getByRole("button", { name: t.checkout.cardInstead }).click();
    await page.waitForURL(
      (url) => url.origin === world.stripe().baseUrl && url.pathname.startsWith("/pay/cs_test_"),
    );
    expect(await page.getByTestId("stripe-amount").textContent()).toBe("499000 VND");
    expect(world.peer().links.get(link.id)?.status).toBe("CANCELLED");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.origin === base() && url.pathname === "/vi/billing");
    await expect
      .poll(() => page.getByTestId("plan-summary").getAttribute("data-status"), { timeout: 20_000 })
      .toBe("active");
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
