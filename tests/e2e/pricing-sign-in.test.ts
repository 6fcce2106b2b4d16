import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors, viewports } from "../helpers/browser";
import { expectPhoneFriendly } from "../helpers/touch-targets";

/**
 * Choosing a plan signed out (issue 43 item 15) lands on the sign-in card itself, not the top of the
 * marketing page (on a phone the card is several screens down), and the card says which plan the sign-in
 * is for, named as planName names it.
 */
const browser = browserPerFile();
const catalogue = { en, vi } as const;
const names = { en: { beginner: "Beginner" }, vi: { beginner: "Khởi đầu" } } as const;

describe.each([
  ["en", "desktop"],
  ["en", "phone"],
  ["vi", "desktop"],
  ["vi", "phone"],
] as const)("a plan chosen signed out in %s on a %s", (locale, size) => {
  it("goes straight to the sign-in card, which names the plan", async () => {
    const t = catalogue[locale];
    const page = await browser.open(`/${locale}/pricing`, {
      viewport: size,
      locale,
      touch: size === "phone",
    });
    await page.locator('[data-plan="beginner"]').getByRole("button").click();
    await page.waitForURL((url) => url.pathname === `/${locale}` && url.searchParams.has("next"));
    await page.waitForLoadState("networkidle");
    const line = page.getByTestId("sign-in-for-plan");
    expect(await line.textContent()).toBe(t.home.signIn.forPlan.replace("{plan}", names[locale].beginner));
    // The card's form is on screen without scrolling.
    const form = await page.getByTestId("email-code-form").boundingBox();
    expect(form).not.toBeNull();
    expect(form!.y).toBeGreaterThanOrEqual(0);
    expect(form!.y).toBeLessThan(viewports[size].height);
    expect(await line.isVisible()).toBe(true);
    await expectPhoneFriendly(page, size);
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);
});

it("the index without a plan in `next` names none", async () => {
  const page = await browser.open("/en");
  expect(await page.getByTestId("sign-in-for-plan").count()).toBe(0);
});
