import { describe, expect, it } from "vitest";
import { browserPerFile } from "../helpers/browser";
import { ownerWithAgent } from "../helpers/chat-ui";
import { sessionCookies } from "../helpers/oidc-sign-in";

/**
 * SHELL-7 as a person sees it: four toasts in a row on a desktop show three at once, stacked bottom-right
 * 32 px from the corner, expanded 14 px apart, in rich colours, each gone by itself after its four seconds.
 */
const browser = browserPerFile();

describe("toasts", () => {
  it("stack bottom-right, three at a time, expanded, and leave by themselves", async () => {
    const { session } = await ownerWithAgent({ name: "Toast Bakery", kind: "business", texts: [] });
    const page = await browser.open("/en/setup", { cookies: sessionCookies(session) });
    const copy = page.getByRole("button", { name: "Copy link" });
    await copy.waitFor();
    for (let i = 0; i < 4; i++) await copy.click();

    const toasts = page.locator("li[data-sonner-toast]");
    await expect.poll(() => toasts.count()).toBe(4);
    const toaster = page.locator("ol[data-sonner-toaster]");
    expect(await toaster.getAttribute("data-y-position")).toBe("bottom");
    expect(await toaster.getAttribute("data-x-position")).toBe("right");
    expect(await toasts.first().getAttribute("data-rich-colors")).toBe("true");
    await expect.poll(() => page.locator('li[data-sonner-toast][data-visible="true"]').count()).toBe(3);

    // Settled: the newest toast sits 32 px from the corner, the next two above it 14 px apart (expanded).
    const { width, height } = page.viewportSize()!;
    const boxes = async () => {
      const out = [];
      for (const li of await page.locator('li[data-sonner-toast][data-visible="true"]').all())
        out.push((await li.boundingBox())!);
      return out.sort((a, b) => b.y - a.y);
    };
    await expect
      .poll(async () => {
        const b = await boxes();
        return b.length === 3 && Math.round(b[0]!.y + b[0]!.height) === height - 32;
      })
      .toBe(true);
    const [front, second, third] = await boxes();
    expect(Math.round(front!.x + front!.width)).toBe(width - 32);
    expect(Math.round(front!.width)).toBe(356);
    expect(Math.round(front!.y - (second!.y + second!.height))).toBe(14);
    expect(Math.round(second!.y - (third!.y + third!.height))).toBe(14);

    // Nobody hovers the region, so each leaves after its duration (4 s; sonner removes it 200 ms later).
    const shownAt = Date.now();
    await expect.poll(() => toasts.count(), { timeout: 15_000, interval: 200 }).toBe(0);
    expect(Date.now() - shownAt).toBeGreaterThan(3_000);
  });
});
