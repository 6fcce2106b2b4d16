import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { smallTargets } from "../helpers/touch-targets";

/**
 * The API reference (/{lang}/docs/api) on a 390 px phone, issue 43: each field a stacked block (name,
 * type and the required badge, then its description on its own line) instead of a five-column table that
 * squeezed the type to 3 characters and cut the descriptions off; nothing wider than the screen; the
 * descriptions in the page's language.
 */
const browser = browserPerFile();

/** Anything drawn past the screen's right edge (or left of it), and the page's own sideways scroll. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wide: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("main *, #content *")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right > width + 0.5 || r.left < -0.5)
        wide.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(r.left)}–${Math.round(r.right)}`,
        );
    }
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 10) };
  });
}

/**
 * Each field type that is narrower than it needs (squeezed below the width of its longest word, or
 * below the 60 px a short type takes on one line) or clipped by its box.
 */
async function squeezedTypes(page: Page) {
  return page.getByTestId("api-field-type").evaluateAll((codes) =>
    codes
      .filter((code) => {
        const box = code.getBoundingClientRect();
        if (box.width === 0) return false;
        const probe = document.createElement("span");
        probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
        probe.className = code.className;
        const words = (code.textContent ?? "").split(/\s+/);
        const widest = Math.max(
          ...words.map((w) => {
            probe.textContent = w;
            document.body.append(probe);
            const px = probe.getBoundingClientRect().width;
            probe.remove();
            return px;
          }),
        );
        const clipped =
          code.scrollWidth > code.clientWidth + 1 && getComputedStyle(code).display !== "inline";
        return box.width + 0.5 < Math.min(widest, 60) || clipped || box.right > window.innerWidth;
      })
      .map((code) => code.textContent),
  );
}

const words = {
  en: { name: "the agent's name, one line", type: "string" },
  vi: { name: "tên của trợ lý, trên một dòng", type: "string" },
} as const;

describe("the API reference on a phone", () => {
  for (const locale of ["en", "vi"] as const) {
    it(`/${locale}/docs/api: fields are stacked blocks, nothing wider than 390 px, types whole`, async () => {
      const page = await browser.open(`/${locale}/docs/api`, { viewport: "phone", locale, touch: true });
      expect(await page.getByTestId("api-field").count()).toBeGreaterThan(40);
      expect(await overflow(page)).toEqual({ scroll: 0, wide: [] });
      expect(await squeezedTypes(page)).toEqual([]);

      // The `name` field of POST /api/v1/agent: its description below name and type, full width, whole.
      const field = page.locator("#saveAgent [data-testid=api-field]").first();
      const [name, type, description] = await Promise.all([
        field.locator("td").nth(0).boundingBox(),
        field.getByTestId("api-field-type").boundingBox(),
        field.locator("td").last().boundingBox(),
      ]);
      expect(await field.locator("td").last().textContent()).toBe(words[locale].name);
      expect(await field.getByTestId("api-field-type").textContent()).toBe(words[locale].type);
      expect(description!.y).toBeGreaterThanOrEqual(
        Math.max(name!.y + name!.height, type!.y + type!.height) - 1,
      );
      expect(description!.width).toBeGreaterThan(300);

      // The example answer opens and stays within the screen too; its toggle is a 44 px target.
      await page.locator("#saveAgent summary").click();
      await expect.poll(() => page.locator("#saveAgent pre").isVisible()).toBe(true);
      expect(JSON.parse((await page.locator("#saveAgent pre").textContent())!).data.name).toBeTruthy();
      expect(await overflow(page)).toEqual({ scroll: 0, wide: [] });
      expect(await smallTargets(page, "#saveAgent")).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
    });
  }

  it("/vi/docs/api reads its summaries and field descriptions in Vietnamese", async () => {
    const page = await browser.open("/vi/docs/api", { viewport: "phone", locale: "vi", touch: true });
    const saveAgent = page.locator("#saveAgent");
    await expect.poll(() => saveAgent.textContent()).toContain("tạo trợ lý đầu tiên của không gian làm việc");
    const text = (await page.locator("main").textContent()) ?? "";
    for (const english of [
      "the agent's name, one line",
      "IANA time zone",
      "Updates the agent the request acts on",
    ])
      expect(text).not.toContain(english);
  });

  it("keeps the table on a desktop", async () => {
    const page = await browser.open("/en/docs/api", { viewport: "desktop" });
    expect(await page.locator("#saveAgent thead").isVisible()).toBe(true);
    const row = page.locator("#saveAgent [data-testid=api-field]").first();
    const cells = await row
      .locator("td")
      .evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().y)));
    expect(new Set(cells).size).toBe(1);
  });
});
