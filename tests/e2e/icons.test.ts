import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserPerFile, cspViolations, pageErrors } from "../helpers/browser";
import { newPerson, sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";

/**
 * Icons in the browser (spec §7's icon-loading call): an owner picks the agent's icon and a suggested
 * question's from the searchable picker on setup; the public page shows them, loaded from /icons/lucide.json
 * and drawn inside the page's CSP, and its fallback when the collection cannot be loaded.
 */
const browser = browserPerFile();

const words = {
  en: {
    name: "Company name",
    question: "Suggested question 1",
    agentIcon: /^Your agent's icon: none/,
    questionIcon: /^Icon of suggested question 1: none/,
    search: "Search icons",
    create: "Create agent",
    ready: "Your agent is ready. Share its link or train it next.",
    link: "Public link of your agent",
    chosen: "Your agent's icon: croissant. Change it",
  },
  vi: {
    name: "Tên công ty",
    question: "Câu hỏi gợi ý 1",
    agentIcon: /^Biểu tượng của trợ lý: chưa có/,
    questionIcon: /^Biểu tượng của câu hỏi gợi ý 1: chưa có/,
    search: "Tìm biểu tượng",
    create: "Tạo trợ lý",
    ready: "Trợ lý của bạn đã sẵn sàng. Hãy chia sẻ liên kết hoặc huấn luyện trợ lý.",
    link: "Liên kết công khai của trợ lý",
    chosen: "Biểu tượng của trợ lý: croissant. Đổi biểu tượng",
  },
} as const;

async function pick(page: Page, picker: RegExp, search: string, query: string, icon: string) {
  await page.getByRole("button", { name: picker }).click();
  const panel = page.getByTestId("icon-picker");
  await panel.getByRole("searchbox", { name: search }).fill(query);
  const choice = panel.getByRole("button", { name: icon, exact: true });
  // The choices are drawn from the collection, loaded as the picker opens.
  await choice.locator('svg[data-icon-state="loaded"]').waitFor();
  await choice.click();
  await panel.waitFor({ state: "detached" });
}

for (const lang of ["en", "vi"] as const) {
  const w = words[lang];
  describe(`icons (${lang})`, () => {
    it("the owner picks the agent's and a question's icon on setup, and visitors see them on the public page", async () => {
      const owner = await signInWithOidc(newPerson(lang === "en" ? "Ada" : "Hoa"));
      const page = await browser.open(`/${lang}/setup`, { cookies: sessionCookies(owner) });
      await page
        .getByLabel(w.name, { exact: true })
        .fill(lang === "en" ? "Acme Bakery" : "Tiệm bánh Hoa Mai");
      await page
        .getByRole("textbox", { name: w.question, exact: true })
        .fill(lang === "en" ? "Opening hours?" : "Mấy giờ mở cửa?");
      await pick(page, w.agentIcon, w.search, "crois", "croissant");
      await pick(page, w.questionIcon, w.search, "clock", "clock");
      await page.getByRole("button", { name: w.chosen }).locator('svg[data-icon="croissant"]').waitFor();
      await page.getByRole("button", { name: w.create }).click();
      await page.getByText(w.ready).waitFor();
      const url = await page.getByRole("textbox", { name: w.link, exact: true }).inputValue();

      // After a reload the picker shows what is stored.
      await page.reload({ waitUntil: "networkidle" });
      await page.getByRole("button", { name: w.chosen }).locator('svg[data-icon-state="loaded"]').waitFor();
      expect(pageErrors(page)).toEqual([]);

      // A visitor, signed out: the agent's icon in the header, the question's on its chip.
      const requests: string[] = [];
      const visitor = await browser.open(new URL(url).pathname);
      visitor.on("request", (r) => requests.push(r.url()));
      const header = visitor
        .getByTestId("agent-icon")
        .locator('svg[data-icon="croissant"][data-icon-state="loaded"]');
      await header.waitFor();
      expect(await header.locator("path").count()).toBeGreaterThan(0);
      const chip = visitor.getByTestId("agent-questions").getByRole("button");
      await chip.locator('svg[data-icon="clock"][data-icon-state="loaded"]').waitFor();
      expect(await chip.textContent()).toBe(lang === "en" ? "Opening hours?" : "Mấy giờ mở cửa?");
      expect(pageErrors(visitor)).toEqual([]);
      expect(cspViolations(visitor)).toEqual([]);

      // The website widget's frame: the chip's icon comes drawn by the server, in the page's HTML.
      const agentId = new URL(url).pathname.split("/").pop()!;
      const html = await (await fetch(new URL(`/${lang}/embed/${agentId}`, url))).text();
      expect(html).toMatch(/<svg[^>]*data-icon="clock"[^>]*>\s*<(g|path|circle)/);
      const framed = await browser.open(`/${lang}/embed/${agentId}`);
      const framedChip = framed.getByTestId("agent-questions").getByRole("button");
      await framedChip.locator('svg[data-icon="clock"]').waitFor();
      expect(await framedChip.textContent()).toBe(lang === "en" ? "Opening hours?" : "Mấy giờ mở cửa?");
      expect(pageErrors(framed)).toEqual([]);
      expect(cspViolations(framed)).toEqual([]);

      // When the collection cannot be loaded (a host answering another collection), the fallback shows and
      // the failure is logged.
      const logged: string[] = [];
      visitor.on("console", (m) => {
        if (m.type() === "error") logged.push(m.text());
      });
      await visitor.route("**/icons/lucide.json?*", (route) =>
        route.fulfill({ json: { prefix: "mdi", icons: {} } }),
      );
      await visitor.reload({ waitUntil: "networkidle" });
      await visitor
        .getByTestId("agent-icon")
        .locator('[data-icon="croissant"][data-icon-state="fallback"] svg')
        .waitFor();
      await visitor
        .getByTestId("agent-questions")
        .locator('[data-icon="clock"][data-icon-state="fallback"] svg')
        .waitFor();
      expect(logged.some((t) => t.includes("Failed to load custom icons"))).toBe(true);
    });
  });
}
