import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import en from "../../messages/en.json";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { latestCode } from "../helpers/mail";
import { newPerson, nextPersonAtProvider, sessionCookies } from "../helpers/oidc-sign-in";
import { type SignedIn, signInWithCode } from "../helpers/session";
import { expectPhoneFriendly } from "../helpers/touch-targets";

/**
 * BILL-2 … BILL-5 in Chromium, in both languages, on a desktop and on a 390 px touch phone: buying a plan
 * from the pricing page through the sandbox checkout (signed out first), a declined card (its reason on the
 * checkout) then a good one,
 * a bank transfer that the page sees settle without a reload, the cards tab and the invoices tab.
 */
const browser = browserPerFile();
const base = () => inject("baseUrl");
const catalogue = { en, vi } as const;
const CARD_OK = "4242 4242 4242 4242";
const CARD_DECLINED = "4000 0000 0000 0002";
const CARD_DECLINES_LATER = "4000 0000 0000 0341";

const uniqueEmail = (tag: string) => `e2e-billing-${tag}-${randomBytes(4).toString("hex")}@example.test`;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

type Locale = "en" | "vi";
type Size = "desktop" | "phone";

async function signedInPage(
  locale: Locale,
  size: Size,
  email: string,
): Promise<{ page: Page; owner: SignedIn }> {
  const owner = await signInWithCode(base(), email);
  const page = await browser.open(`/${locale}/billing`, {
    viewport: size,
    locale,
    touch: size === "phone",
    cookies: sessionCookies(owner),
  });
  return { page, owner };
}

/** On /pricing: the plan's card, its button in the page's language. */
async function choosePlan(
  page: Page,
  locale: Locale,
  plan: "beginner" | "starter",
  cycle: "monthly" | "yearly",
) {
  const t = catalogue[locale].pricing;
  await page.getByRole("button", { name: cycle === "yearly" ? t.yearly : t.monthly, exact: false }).click();
  const card = page.locator(`[data-testid="plan-card"][data-plan="${plan}"]`);
  if (plan === "starter" && cycle === "yearly") {
    // 499,000 ₫ or $20 a month; yearly is 12 × 0.8 of it, shown per month with the year's total.
    const price = (await card.getByTestId("plan-price").textContent()) ?? "";
    for (const amount of locale === "vi" ? ["399.200", "4.790.400"] : ["$16.00", "$192.00"]) {
      expect(price).toContain(amount);
    }
  }
  await card.getByRole("button").click();
}

/** On the sandbox checkout: test mode shown, then a card paid with. */
async function payByCard(page: Page, locale: Locale, size: Size, number: string, paid = true) {
  const t = catalogue[locale].checkout;
  await page.waitForURL((url) => url.pathname.startsWith(`/${locale}/billing/checkout/`), {
    timeout: 20_000,
  });
  expect(await page.getByTestId("test-mode").textContent()).toContain(t.testMode);
  await expectPhoneFriendly(page, size);
  const form = page.getByTestId("checkout-form");
  await form.getByLabel(t.number).fill(number);
  await form.getByLabel(t.expiry).fill("12/30");
  await form.getByLabel(t.cvc).fill("123");
  await form.locator('button[type="submit"]').click();
  if (paid) await page.waitForURL((url) => url.pathname === `/${locale}/billing`, { timeout: 20_000 });
}

async function expectActive(page: Page) {
  await expect
    .poll(() => page.getByTestId("plan-summary").getAttribute("data-status"), { timeout: 20_000 })
    .toBe("active");
}

describe.each([
  ["en", "desktop"],
  ["vi", "desktop"],
  ["en", "phone"],
  ["vi", "phone"],
] as const)("billing in %s on a %s", (locale, size) => {
  const t = catalogue[locale];

  it("a plan chosen signed out: sign in, back to the same choice, checkout with 4242, active; cards and invoices tabs", async () => {
    const email = uniqueEmail(`${locale}-${size}`);
    const page = await browser.open(`/${locale}/pricing`, {
      viewport: size,
      locale,
      touch: size === "phone",
    });
    expect(await page.getByTestId("plan-card").count()).toBe(5);
    await expectPhoneFriendly(page, size);
    await choosePlan(page, locale, "starter", "yearly");

    // Signing in on the index, by e-mail code, then straight on to the checkout of the same choice.
    await page.waitForURL((url) => url.pathname === `/${locale}` && url.searchParams.has("next"));
    const form = page.getByTestId("email-code-form");
    await form.locator('input[type="email"]').fill(email);
    await form.locator('button[type="submit"]').click();
    const verify = page.getByTestId("email-code-verify");
    await verify
      .locator("input")
      .first()
      .fill(await latestCode(email));
    await verify.locator('button[type="submit"]').click();
    await payByCard(page, locale, size, CARD_OK);

    await page.getByText(fill(t.payment.success, { plan: locale === "vi" ? "Cơ bản" : "Starter" })).waitFor();
    await expectActive(page);
    expect(await page.getByTestId("plan-name").textContent()).toBe(locale === "vi" ? "Cơ bản" : "Starter");
    await expectPhoneFriendly(page, size);

    // Pricing now marks the plan as the owner's.
    await page.goto(`/${locale}/pricing`, { waitUntil: "networkidle" });
    await page.locator('[data-plan="starter"]').getByTestId("current-plan").waitFor();

    // Cards: the checkout's card is the default; add another, make the first default again, delete one.
    await page.goto(`/${locale}/billing?tab=methods`, { waitUntil: "networkidle" });
    const methods = page.getByTestId("payment-method");
    await expect.poll(() => methods.count()).toBe(1);
    expect(await methods.first().getAttribute("data-default")).toBe("true");
    await expectPhoneFriendly(page, size);
    await page.getByRole("button", { name: t.billing.methods.add }).click();
    const add = page.getByTestId("add-card-form");
    await add.getByLabel(t.checkout.number).fill(CARD_DECLINES_LATER);
    await add.getByLabel(t.checkout.expiry).fill("11/31");
    await add.getByLabel(t.checkout.cvc).fill("321");
    await add.locator('button[type="submit"]').click();
    await expect.poll(() => methods.count()).toBe(2);
    const first = page.locator('[data-testid="payment-method"][data-last4="4242"]');
    const second = page.locator('[data-testid="payment-method"][data-last4="0341"]');
    await expect.poll(() => second.getAttribute("data-default")).toBe("true");
    await first.getByRole("button", { name: t.billing.methods.makeDefault }).click();
    await expect.poll(() => first.getAttribute("data-default")).toBe("true");
    await second.getByRole("button", { name: t.billing.methods.delete }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(fill(t.billing.methods.deleteBody, { last4: "0341" }));
    await confirm.getByRole("button", { name: t.billing.methods.cancel, exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await methods.count()).toBe(2);
    await second.getByRole("button", { name: t.billing.methods.delete }).click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: t.billing.methods.delete, exact: true }).click();
    await expect.poll(() => methods.count()).toBe(1);

    // Invoices: the yearly checkout's paid invoice, kept in the address across a reload.
    await page.getByRole("tab", { name: t.billing.tabs.invoices }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "invoices");
    await page.reload({ waitUntil: "networkidle" });
    const invoice = page.getByTestId("invoice");
    await invoice.first().waitFor();
    expect(await invoice.count()).toBe(1);
    expect(await invoice.first().getAttribute("data-status")).toBe("paid");
    expect(await invoice.first().getByTestId("invoice-number").textContent()).toMatch(/^AC-\d{4}-\d{6}$/);
    expect(await invoice.first().textContent()).toContain(t.billing.invoices.types.yearly);
    await expectPhoneFriendly(page, size);
    await invoice.first().getByRole("link", { name: t.billing.invoices.view }).click();
    await page.getByTestId("printable-invoice").waitFor();
    await expectPhoneFriendly(page, size);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("a declined card says so on the checkout, another card then succeeds, an upgrade and a switch to yearly take effect at once after a confirmation; before that, no invoices", async () => {
    const { page } = await signedInPage(locale, size, uniqueEmail(`declined-${locale}-${size}`));
    await page.goto(`/${locale}/billing?tab=invoices`, { waitUntil: "networkidle" });
    await page.getByTestId("invoices-empty").getByText(t.billing.noInvoices).waitFor();

    await page.goto(`/${locale}/pricing`, { waitUntil: "networkidle" });
    await choosePlan(page, locale, "beginner", "monthly");
    // A decline stays on the checkout with the bank's reason (issue 43 item 10; billing-checkout.test.ts).
    await payByCard(page, locale, size, CARD_DECLINED, false);
    const declined = page.getByTestId("card-declined");
    await declined.waitFor({ timeout: 20_000 });
    expect(await declined.textContent()).toContain(t.checkout.declined.card_declined);
    await expectPhoneFriendly(page, size);

    await declined.getByRole("button", { name: t.checkout.tryAnotherCard }).click();
    await payByCard(page, locale, size, CARD_OK);
    await expectActive(page);

    // Paying already, a better plan is an upgrade at once (the difference charged to the saved card).
    await page.goto(`/${locale}/pricing`, { waitUntil: "networkidle" });
    await page.locator('[data-plan="beginner"]').getByTestId("current-plan").waitFor();
    await choosePlan(page, locale, "starter", "monthly");
    const starter = locale === "vi" ? "Cơ bản" : "Starter";
    const dialog = page.getByTestId("plan-change-dialog");
    await dialog.waitFor();
    expect(await dialog.getAttribute("data-timing")).toBe("now");
    expect(await dialog.textContent()).toContain("Visa •••• 4242");
    await expectPhoneFriendly(page, size);
    // Kept: nothing changes.
    await dialog.getByRole("button", { name: t.pricing.confirm.cancel }).click();
    await dialog.waitFor({ state: "detached" });
    await page.locator('[data-plan="beginner"]').getByTestId("current-plan").waitFor();
    await page.locator('[data-plan="starter"]').getByRole("button").click();
    await dialog.getByRole("button", { name: t.pricing.confirm.confirm }).click();
    await page.getByText(fill(t.pricing.changedNow, { plan: starter })).waitFor();
    await page.locator('[data-plan="starter"]').getByTestId("current-plan").waitFor({ timeout: 20_000 });

    // The same plan billed yearly starts a yearly period at once (the unused month deducted).
    await page.getByRole("button", { name: t.pricing.yearly, exact: false }).click();
    const own = page.locator('[data-plan="starter"]').getByRole("button", { name: t.pricing.switchToYearly });
    await own.click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      t.pricing.confirm.yearlyCharge.split("{amount}")[0]!.trim().slice(0, 20),
    );
    // A switch of the same plan's cycle, confirmed as one (issue 43 item 11), not as a change of plan.
    expect(await dialog.textContent()).toContain(fill(t.pricing.confirm.titleYearly, { plan: starter }));
    await dialog.getByRole("button", { name: t.pricing.confirm.confirmCycle }).click();
    await page.getByText(fill(t.pricing.changedNow, { plan: starter })).waitFor();
    await page.goto(`/${locale}/billing?tab=invoices`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("invoice").count()).toBe(3);
    expect(await page.getByTestId("invoice").first().textContent()).toContain(
      t.billing.invoices.types.yearly,
    );
    // The upgrade's invoice reads line by line in the page's language, the unused month credited apart.
    const upgrade = page.getByTestId("invoice").nth(1);
    const beginner = locale === "vi" ? "Khởi đầu" : "Beginner";
    const monthly = t.billingApi.cycle.monthly;
    expect(await upgrade.getByTestId("invoice-line").allTextContents()).toEqual([
      expect.stringContaining(fill(t.billingApi.invoice.change, { plan: starter, cycle: monthly })),
      expect.stringContaining(fill(t.billingApi.invoice.unused_credit, { plan: beginner, cycle: monthly })),
    ]);
    expect(await upgrade.getByTestId("invoice-line-amount").nth(1).textContent()).toMatch(/^[-−]/);
    if (locale === "vi") expect(await upgrade.textContent()).not.toContain("change for the rest");
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it("a bank transfer is verifying until the funds arrive, then the page shows the plan active without a reload", async () => {
    const { page, owner } = await signedInPage(locale, size, uniqueEmail(`transfer-${locale}-${size}`));
    await page.goto(`/${locale}/pricing`, { waitUntil: "networkidle" });
    await choosePlan(page, locale, "starter", "monthly");
    await page.waitForURL((url) => url.pathname.startsWith(`/${locale}/billing/checkout/`), {
      timeout: 20_000,
    });
    const token = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);
    const form = page.getByTestId("checkout-form");
    await form.getByRole("button", { name: t.checkout.bankTransfer }).click();
    await form.getByRole("button", { name: t.checkout.transferConfirm }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}/billing`, { timeout: 20_000 });

    const outcome = page.getByTestId("payment-outcome");
    await outcome.waitFor({ timeout: 20_000 });
    expect(await outcome.getAttribute("data-status")).toBe("verifying");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const settled = await fetch(`${base()}/api/v1/billing/sandbox/settle`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base(), cookie: `access_token=${owner.access}` },
      body: JSON.stringify({ token }),
    });
    expect(settled.status).toBe(200);

    await expectActive(page);
    await outcome.waitFor({ state: "detached", timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});

describe("billing after signing in through a provider", () => {
  it.each(["en", "vi"] as const)(
    "%s: a plan chosen signed out, signed in with the OpenID Connect provider, back to the same checkout",
    async (locale) => {
      const page = await browser.open(`/${locale}/pricing`, { locale });
      await choosePlan(page, locale, "beginner", "yearly");
      await page.waitForURL((url) => url.pathname === `/${locale}` && url.searchParams.has("next"));
      await nextPersonAtProvider(newPerson(locale === "vi" ? "Minh" : "Grace"));
      await page.locator("a[data-provider=oidc]").click();
      await payByCard(page, locale, "desktop", CARD_OK);
      await expectActive(page);
      expect(await page.getByTestId("plan-name").textContent()).toBe(
        locale === "vi" ? "Khởi đầu" : "Beginner",
      );
      expect(pageErrors(page)).toEqual([]);
    },
    120_000,
  );
});
