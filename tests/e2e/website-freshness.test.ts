import { describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";
import { smallTargets } from "../helpers/touch-targets";

/**
 * Issue 44 on a 390 px phone, in both languages: a learned website in the files list says when it was
 * crawled and what changed, offers manual / daily / weekly and "Crawl now", all within the screen and
 * each a 44 px target; choosing weekly shows when the next crawl is.
 */
const browser = browserPerFile();

const words = {
  en: { last: "Last crawled", next: "next crawl", now: "Crawl now", weekly: "Weekly" },
  vi: { last: "Thu thập lần cuối", next: "lần tới", now: "Thu thập ngay", weekly: "Hằng tuần" },
} as const;

describe("a website's freshness in the files list", () => {
  for (const locale of ["en", "vi"] as const) {
    it(`/${locale}/setup/files on a phone: last crawl, schedule and Crawl now`, async () => {
      const session = await signInWithOidc();
      const auth = { authorization: `Bearer ${session.access}`, "content-type": "application/json" };
      const base = inject("baseUrl");
      const created = await fetch(`${base}/api/v1/agent`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ name: "Tiệm bánh Hoa Mai", kind: "business" }),
      });
      expect(created.status).toBe(201);
      const added = await fetch(`${base}/api/v1/agent/document`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ type: "url", url: inject("siteUrl") }),
      });
      expect(added.status).toBe(200);
      await expect
        .poll(
          async () => {
            const res = await fetch(`${base}/api/v1/agent/documents`, { headers: auth });
            return ((await res.json()) as { data: { status: string }[] }).data.map((d) => d.status);
          },
          { timeout: 60_000 },
        )
        .toEqual(["completed"]);

      const page = await browser.open(`/${locale}/setup/files`, {
        cookies: sessionCookies(session),
        viewport: "phone",
        locale,
        touch: true,
      });
      const fresh = page.getByTestId("website-freshness");
      await fresh.waitFor();
      expect(await fresh.getByTestId("last-crawled").textContent()).toContain(words[locale].last);
      expect(await fresh.getByTestId("pages-changed").count()).toBe(1);
      expect(await fresh.getByRole("button", { name: words[locale].now }).isVisible()).toBe(true);

      const [patched] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "PATCH"),
        fresh.getByTestId("recrawl-select").selectOption("weekly"),
      ]);
      expect(patched.status()).toBe(200);
      await fresh.getByTestId("next-crawl").waitFor();
      expect(await fresh.getByTestId("next-crawl").textContent()).toContain(words[locale].next);
      expect(await fresh.getByTestId("recrawl-select").locator("option:checked").textContent()).toBe(
        words[locale].weekly,
      );

      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const box = await fresh.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390.5);
      expect(await smallTargets(page, "[data-testid=website-freshness]")).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
    });
  }
});
