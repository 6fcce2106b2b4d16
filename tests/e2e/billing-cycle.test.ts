import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import en from "../../messages/en.json";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { sessionCookies } from "../helpers/oidc-sign-in";
import { buyWithSandboxCard, ownerGql } from "../helpers/sandbox-purchase";
import { type SignedIn, signInWithCode } from "../helpers/session";
import { expectPhoneFriendly } from "../helpers/touch-targets";

/**
 * Cycle changes are not plan changes (issue 43 item 11): on their own plan the dialog says "Switch Khởi đầu
 * to yearly billing?", its button is not red, the pricing toggle stays on the cycle just chosen, and a
 * yearly → monthly switch waiting for the period's end shows on Billing as "Changes to monthly on {date}"
 * with an undo. The owner's Beginner plan is bought over the API (the checkout has its own tests).
 */
const browser = browserPerFile();
const base = () => inject("baseUrl");
const catalogue = { en, vi } as const;
const beginner = { en: "Beginner", vi: "Khởi đầu" } as const;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/** A signed-in owner paying for Beginner on `cycle` with the sandbox's 4242 card. */
async function beginnerOwner(cycle: "monthly" | "yearly"): Promise<SignedIn> {
  const owner = await signInWithCode(base(), `e2e-cycle-${randomBytes(4).toString("hex")}@example.test`);
  await buyWithSandboxCard(owner, { cycle });
  return owner;
}

const toggle = (page: Page, label: string) =>
  page.getByTestId("cycle-toggle").getByRole("button", { name: label, exact: false });

/** The confirm button of the open plan-change dialog is not the destructive (red) one. */
async function expectNotRed(page: Page) {
  const confirm = page.getByTestId("plan-change-dialog").locator("button").last();
  const cls = (await confirm.getAttribute("class")) ?? "";
  expect(cls).not.toContain("bg-destructive");
}

describe.each([
  ["en", "desktop"],
  ["vi", "phone"],
] as const)("billing cycle changes in %s on a %s", (locale, size) => {
  const t = catalogue[locale];
  const plan = beginner[locale];

  it("monthly → yearly is asked as a switch of the same plan, not a change of plan", async () => {
    const owner = await beginnerOwner("monthly");
    const page = await browser.open(`/${locale}/pricing?cycle=yearly`, {
      viewport: size,
      locale,
      touch: size === "phone",
      cookies: sessionCookies(owner),
    });
    await page
      .locator('[data-plan="beginner"]')
      .getByRole("button", { name: t.pricing.switchToYearly })
      .click();
    const dialog = page.getByTestId("plan-change-dialog");
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain(fill(t.pricing.confirm.titleYearly, { plan }));
    expect(text).not.toContain(fill(t.pricing.confirm.titleNow, { plan }));
    await expectNotRed(page);
    await expectPhoneFriendly(page, size);
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);

  it("yearly → monthly: the toggle stays on monthly, Billing says when it changes and undoes it", async () => {
    const owner = await beginnerOwner("yearly");
    const page = await browser.open(`/${locale}/pricing`, {
      viewport: size,
      locale,
      touch: size === "phone",
      cookies: sessionCookies(owner),
    });
    // The page opens on the cycle the owner pays.
    expect(await toggle(page, t.pricing.yearly).getAttribute("aria-pressed")).toBe("true");
    await toggle(page, t.pricing.monthly).click();
    await page
      .locator('[data-plan="beginner"]')
      .getByRole("button", { name: t.pricing.switchToMonthly })
      .click();
    const dialog = page.getByTestId("plan-change-dialog");
    await dialog.waitFor();
    expect(await dialog.getAttribute("data-timing")).toBe("period_end");
    expect(await dialog.textContent()).toContain(fill(t.pricing.confirm.titleMonthly, { plan }));
    await expectNotRed(page);
    await dialog.getByRole("button", { name: t.pricing.confirm.confirmCycle }).click();
    await page.waitForURL((url) => url.searchParams.get("cycle") === "monthly", { timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    expect(await toggle(page, t.pricing.monthly).getAttribute("aria-pressed")).toBe("true");
    // Not offered again while it waits.
    expect(
      await page
        .locator('[data-plan="beginner"]')
        .getByRole("button", { name: t.pricing.switchToMonthly })
        .count(),
    ).toBe(0);

    await page.goto(`/${locale}/billing`, { waitUntil: "networkidle" });
    const scheduled = page.getByTestId("scheduled-cycle");
    await scheduled.waitFor({ timeout: 20_000 });
    const { subscription } = await ownerGql<{ subscription: { current_period_end: string } }>(
      owner,
      "{ subscription { current_period_end } }",
    );
    // The day as the billing page writes every day (lib/client/billing.ts formatDay).
    const date = new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", { dateStyle: "long" }).format(
      new Date(subscription.current_period_end),
    );
    expect(await scheduled.textContent()).toContain(fill(t.billing.overview.changesToMonthly, { date }));
    await expectPhoneFriendly(page, size);
    await scheduled.getByRole("button", { name: t.billing.overview.undoChange }).click();
    await scheduled.waitFor({ state: "detached", timeout: 20_000 });
    const after = await ownerGql<{ subscription: { pending_cycle: string | null; cycle: string } }>(
      owner,
      "{ subscription { pending_cycle cycle } }",
    );
    expect(after.subscription).toEqual({ pending_cycle: null, cycle: "yearly" });
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);
});
