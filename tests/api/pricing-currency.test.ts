import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../helpers/http";
import { buyWithSandboxCard } from "../helpers/sandbox-purchase";
import { type SignedIn, signInWithCode } from "../helpers/session";

/**
 * One currency per owner (issue 43 item 12): an owner billed in VND sees VND on /en/pricing (not $8.00
 * while /en/billing says ₫), one billed in USD sees USD on /vi/pricing, and neither is offered a switch;
 * signed-out visitors see the currency of their language (vi → VND, en → USD) and may switch.
 */
type Locale = "en" | "vi";
type Currency = "VND" | "USD";
/** Beginner's monthly price, minor units (lib/billing/plans.ts defaultMonthlyPrices). */
const beginner = { VND: 199_000, USD: 800 } as const;

/** The price as lib/billing/money.ts formatMoney writes it: "₫199,000", "199.000 ₫", "$8.00", "8,00 US$". */
const price = (currency: Currency, locale: Locale) =>
  new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: currency === "USD" ? 2 : 0,
    maximumFractionDigits: currency === "USD" ? 2 : 0,
  }).format(currency === "USD" ? beginner.USD / 100 : beginner.VND);

async function pricingHtml(path: string, owner?: SignedIn) {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: owner ? { cookie: owner.cookies.join("; ") } : {},
  });
  expect(res.status).toBe(200);
  const html = await res.text();
  const card = html.slice(html.indexOf('data-plan="beginner"'));
  return { html, beginnerCard: card.slice(0, card.indexOf("</li>")) };
}

/** An owner paying for Beginner monthly in `currency` with the sandbox's 4242 card. */
async function billedIn(currency: Currency): Promise<SignedIn> {
  const owner = await signInWithCode(baseUrl(), `currency-${randomBytes(4).toString("hex")}@example.test`);
  await buyWithSandboxCard(owner, { currency });
  return owner;
}

describe("the pricing page's currency", () => {
  it.each([
    ["en", "USD", "VND"],
    ["vi", "VND", "USD"],
  ] as const)("signed out in %s: %s, with a switch to %s", async (locale, own, other) => {
    const first = await pricingHtml(`/${locale}/pricing`);
    expect(first.beginnerCard).toContain(price(own, locale));
    expect(first.beginnerCard).not.toContain(price(other, locale));
    expect(first.html).toContain('data-testid="currency-switch"');
    expect(first.html).toContain(`currency=${other}`);
    const switched = await pricingHtml(`/${locale}/pricing?currency=${other}`);
    expect(switched.beginnerCard).toContain(price(other, locale));
    expect(switched.beginnerCard).not.toContain(price(own, locale));
  });

  it.each([
    ["en", "VND", "USD"],
    ["vi", "USD", "VND"],
  ] as const)(
    "an owner on %s pages billed in %s sees %s nowhere, and no switch",
    async (locale, billed, other) => {
      const owner = await billedIn(billed);
      for (const path of [`/${locale}/pricing`, `/${locale}/pricing?currency=${other}`]) {
        const page = await pricingHtml(path, owner);
        expect(page.beginnerCard).toContain(price(billed, locale));
        expect(page.beginnerCard).not.toContain(price(other, locale));
        expect(page.html).not.toContain('data-testid="currency-switch"');
      }
    },
  );
});
