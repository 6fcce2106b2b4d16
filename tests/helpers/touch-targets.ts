import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Visible controls smaller than 44 px either way, on the page or inside `root` (a selector); a checkbox or
 * radio counts its label as its target.
 */
export async function smallTargets(page: Page, root?: string) {
  return page.evaluate((rootSelector) => {
    const scope = (rootSelector && document.querySelector(rootSelector)) || document;
    const controls = scope.querySelectorAll<HTMLElement>(
      "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=checkbox], [role=switch], [tabindex='0']",
    );
    const small: string[] = [];
    for (const el of controls) {
      const style = getComputedStyle(el);
      if (
        style.visibility === "hidden" ||
        style.display === "none" ||
        el.closest("[aria-hidden=true], [inert]")
      )
        continue;
      const own = el.getBoundingClientRect();
      // Not on screen to tap: nothing drawn, or visually hidden for screen readers (a file input behind
      // its visible "choose files" button).
      if (own.width <= 1 || own.height <= 1) continue;
      // A link inside a sentence is exempt (WCAG 2.5.8): growing it would break the line of text.
      const parentText = el.parentElement?.textContent?.trim() ?? "";
      if (
        el.tagName === "A" &&
        style.display === "inline" &&
        parentText.length > (el.textContent ?? "").trim().length
      )
        continue;
      const input = el as HTMLInputElement;
      const label =
        el.tagName === "INPUT" && (input.type === "checkbox" || input.type === "radio")
          ? el.closest("label")
          : null;
      const r = (label ?? el).getBoundingClientRect();
      if (r.width < 44 || r.height < 44) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? "";
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return small;
  }, root);
}

/**
 * On a touch phone: the page is no wider than the screen, and every visible control of its content is a 44 px target
 * (a link inside a sentence excepted, as in rough-edges.test.ts).
 */
export async function expectPhoneFriendly(page: Page, size: "desktop" | "phone") {
  if (size !== "phone") return;
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(0);
  // The page's own content: the shared header and footer are rough-edges.test.ts's to check.
  expect(await smallTargets(page, "#content")).toEqual([]);
  // No label spills out of its control (a long Vietnamese tab name ran over its neighbour).
  const spilled = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("#content [role=tab], #content button")]
      .filter((el) => el.getBoundingClientRect().width > 1 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent?.trim()} ${el.scrollWidth}>${el.clientWidth}`),
  );
  expect(spilled).toEqual([]);
}
