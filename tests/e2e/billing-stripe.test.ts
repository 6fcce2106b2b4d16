import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { stripeWorld } from "../helpers/stripe-server";

/**
 * BILL-3 with Stripe in Chromium: a server of this file's own with Stripe configured, the fake Stripe of
 * tests/peers/stripe.ts with its hosted Checkout page. The owner chooses a plan, pays on "Stripe"'s page, comes
 * back to the billing page, which shows the plan active once the signed event has been processed; then adds a
 * second card on Stripe's set-up page. Desktop in English (USD) and a phone in Vietnamese (VND).
 */
const browser = browserPerFile();
const catalogue = { en, vi } as const;

const world = stripeWorld();
const base = world.base;

describe.each([
  ["en", "desktop", "2000 USD"],
  ["vi", "phone", "499000 VND"],
] as const)("Stripe checkout in %s on a %s", (locale, size, amount) => {
  const t = catalogue[locale];

  it("pays on Stripe's page, comes back active, and adds a card on Stripe's set-up page", async () => {
    const { access, renewal } = await signInWithOidc(undefined, base());
    const page = await browser.open(`${base()}/${locale}/pricing`, {
      viewport: size,
      locale,
      touch: size === "phone",
      cookies: [
        { name: "access_token", value: access, url: base() },
        { name: "renewal_token", value: renewal, url: base() },
      ],
    });
    await page.getByRole("button", { name: t.pricing.monthly, exact: false }).click();
    await page.locator('[data-plan="starter"]').getByRole("button").click();

    // Stripe's page: the price as asked, in minor units of the page's currency.
    await page.waitForURL(
      (url) => url.origin === world.peer().baseUrl && url.pathname.startsWith("/pay/cs_test_"),
    );
    expect(await page.getByTestId("stripe-amount").textContent()).toBe(amount);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();

    // Back on the billing page: the payment check, then the plan.
    await page.waitForURL((url) => url.origin === base() && url.pathname === `/${locale}/billing`);
    await expect
      .poll(() => page.getByTestId("plan-summary").getAttribute("data-status"), { timeout: 20_000 })
      .toBe("active");
    expect(await page.getByTestId("plan-name").textContent()).toBe(locale === "vi" ? "Cơ bản" : "Starter");

    // A second card, on Stripe's set-up page; it appears once its event has been processed.
    await page.getByRole("tab", { name: t.billing.tabs.methods }).click();
    const methods = page.getByTestId("payment-method");
    await expect.poll(() => methods.count()).toBe(1);
    await page.getByRole("button", { name: t.billing.methods.add }).click();
    await page.waitForURL(
      (url) => url.origin === world.peer().baseUrl && url.pathname.startsWith("/pay/cs_test_"),
    );
    await page.getByLabel("Card number").fill("4000 0000 0000 0341");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.origin === base() && url.searchParams.get("tab") === "methods");
    await expect.poll(() => methods.count(), { timeout: 20_000 }).toBe(2);
    expect(await page.locator('[data-testid="payment-method"][data-last4="0341"]').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
