import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, ownerWithAgent } from "../helpers/chat-ui";

/**
 * Issue 43 item 2: a visitor who keeps a public chat (or the embedded one) open across a deployment. The
 * page has the toast region (SHELL-7), is offered the new version when /latest.json names another build,
 * and reloads once when a chunk the old build named is gone, instead of failing its next answer.
 */
const browser = browserPerFile();
let agentId: string;

beforeAll(async () => {
  ({ agentId } = await ownerWithAgent({
    name: "Deploy Test Bakery",
    texts: [{ title: "Hours", content: "We open at 7 am and close at 10 pm every day of the week." }],
  }));
});

const text = {
  en: { toasts: "Notifications", reload: "Reload", available: "A new version of AgentCity is available." },
  vi: { toasts: "Thông báo", reload: "Tải lại", available: "Đã có phiên bản mới của AgentCity." },
} as const;

describe.each(["en", "vi"] as const)("the public chat across a deployment, in %s", (locale) => {
  const t = text[locale];

  it("has the toast region, labelled and reachable with Alt+T", async () => {
    const page = await browser.open(`/${locale}/c/${agentId}`, { viewport: "phone" });
    await page.getByTestId("agent-greeting").waitFor();
    const region = page.getByRole("region", { name: new RegExp(`^${t.toasts}`) });
    await region.waitFor({ state: "attached" });
    await page.keyboard.press("Alt+KeyT");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? ""))
      .toMatch(new RegExp(`^${t.toasts}`));
    expect(pageErrors(page)).toEqual([]);

    // The visitor's list of chats and the widget's frame have it too, drawn by the server.
    for (const path of [`/${locale}/c`, `/${locale}/embed/${agentId}`]) {
      const list = await browser.open(path, { viewport: "phone" });
      await list.getByRole("region", { name: new RegExp(`^${t.toasts}`) }).waitFor({ state: "attached" });
    }
  });

  it("offers a reload when /latest.json announces another build, and reloads", async () => {
    const page = await browser.open(`/${locale}/embed/${agentId}`);
    await page.getByTestId("composer").waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "before-reload";
    });
    await page.route("**/latest.json", (route) =>
      route.fulfill({ json: { buildId: "a-newer-build", builtAt: new Date().toISOString() } }),
    );
    const reload = page.getByRole("button", { name: t.reload });
    await reload.waitFor({ timeout: 15_000 });
    expect(await page.getByText(t.available).count()).toBe(1);
    await Promise.all([page.waitForEvent("load"), reload.click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });
});

describe("a chunk removed by a deployment", () => {
  it("reloads the page once instead of failing the answer, and not again within 10 s", async () => {
    const page = await browser.open(`/en/c/${agentId}`, { viewport: "phone" });
    await page.getByTestId("agent-greeting").waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "before-reload";
    });
    // The new build no longer has the old build's chunks: every chunk the open page has not loaded yet is
    // now a 404; the reloaded page is the new build's, whose chunks are there (here: the same build's).
    let deployed = true;
    page.on("request", (r) => {
      if (r.isNavigationRequest()) deployed = false;
    });
    await page.route("**/_next/static/chunks/**", (route) =>
      deployed ? route.fulfill({ status: 404, body: "gone" }) : route.continue(),
    );
    await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), ask(page, "When do you open?")]);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();

    // Within the guard's 10 s a second failure does not reload again (no loop).
    await page.getByTestId("agent-greeting").waitFor();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "after-first-reload";
      window.dispatchEvent(
        new ErrorEvent("error", {
          error: Object.assign(new Error("Loading chunk 7 failed"), { name: "ChunkLoadError" }),
        }),
      );
    });
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "after-first-reload",
    );

    // And once reloaded, the visitor's question is answered.
    await ask(page, "When do you open?");
    expect(await (await lastAnswer(page)).getAttribute("data-state")).toBe("complete");
  });
});
