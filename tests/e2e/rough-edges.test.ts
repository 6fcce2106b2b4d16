import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import en from "../../messages/en.json";
import vi from "../../messages/vi.json";
import { browserPerFile, pageErrors, viewports } from "../helpers/browser";
import { ownerApi, Visitor } from "../helpers/chat";
import { ask, lastAnswer, ownerWithAgent } from "../helpers/chat-ui";
import { type SignedIn, sessionCookies } from "../helpers/oidc-sign-in";
import { smallTargets } from "../helpers/touch-targets";

/**
 * SHELL-4 on phones: at 360 × 740 and 390 × 844, in both languages, no page is wider than the screen, with
 * lists populated (an agent with texts, a website and visitors' conversations), and on the chat and files
 * pages every control is a tap target of at least 44 × 44 px.
 */
const browser = browserPerFile();
const AGENT = "Quán phở Hà Nội với một cái tên thật dài để thử độ rộng";
const catalogue = { en, vi } as const;
let owner: SignedIn;
let agentId: string;
let conversationId: string;
let visitorCookie: { name: string; value: string; url: string };

beforeAll(async () => {
  ({ session: owner, agentId } = await ownerWithAgent({
    name: AGENT,
    model: "builtin",
    texts: [
      {
        title: "Giờ mở cửa và giao hàng (một tiêu đề rất dài không có chỗ xuống dòng)",
        content:
          "Quán phở Hà Nội mở cửa từ 6 giờ sáng đến 10 giờ tối mỗi ngày. Giao hàng miễn phí trong 5 km.",
      },
      { title: "Thực đơn", content: "Phở bò 50.000 đồng. Phở gà 45.000 đồng. Trà đá miễn phí." },
    ],
  }));
  const site = await ownerApi(owner.access, "POST", "/api/v1/agent/document", {
    type: "url",
    url: inject("siteUrl"),
  });
  if (site.status !== 200) throw new Error(`website answered ${site.status}`);
  const until = Date.now() + 60_000;
  for (;;) {
    const list = await ownerApi<{ data: { status: string }[] }>(
      owner.access,
      "GET",
      "/api/v1/agent/documents",
    );
    if (list.body.data.every((d) => d.status === "completed")) break;
    if (Date.now() > until) throw new Error(`training stalled: ${JSON.stringify(list.body)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const visitor = new Visitor(undefined, "vi");
  const asked = await visitor.ask(agentId, "Quán mở cửa mấy giờ và phở bò giá bao nhiêu?");
  if (asked.status !== 200) throw new Error(`ask answered ${asked.status}`);
  conversationId = asked.body.data!.conversation_id;
  for (const q of ["Có giao hàng không?", "What time do you open?"]) {
    await new Visitor(undefined, "en").ask(agentId, q);
  }
  const [name, value] = visitor.cookie.split("=") as [string, string];
  visitorCookie = { name, value, url: inject("baseUrl") };
}, 180_000);

/** How far the page reaches past the screen's right edge, and the widest element that does. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    let widest = "";
    let right = width;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > right + 0.5) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 80)} → ${Math.round(r.right)} px`;
      }
    }
    return { scroll, width, widest };
  });
}

const publicPages = (locale: string) => [
  `/${locale}`,
  `/${locale}/pricing`,
  `/${locale}/ai`,
  `/${locale}/c`,
  `/${locale}/c/${agentId}`,
  `/${locale}/c/${agentId}/${conversationId}`,
  `/${locale}/test-ban-phim`,
  `/${locale}/no-such-page`,
];
const ownerPages = (locale: string) => [
  `/${locale}/setup`,
  `/${locale}/setup/files`,
  `/${locale}/history`,
  `/${locale}/billing`,
  `/${locale}/chat`,
];

describe.each(["small", "phone"] as const)("at %s width", (size) => {
  describe.each(["vi", "en"] as const)("in %s", (locale) => {
    it("no page scrolls sideways", async () => {
      const found: string[] = [];
      // One tab per session kind, going from page to page as a person would (a fresh tab each is slow).
      const visit = async (paths: string[], signedIn: boolean) => {
        const page = await browser.open(paths[0]!, {
          viewport: size,
          locale,
          touch: true,
          cookies: signedIn ? sessionCookies(owner) : [visitorCookie],
        });
        for (const [i, path] of paths.entries()) {
          if (i > 0) await page.goto(path, { waitUntil: "networkidle" });
          // Lists load after the first paint: wait until the page has settled with its content.
          await page.locator("main, [data-layout]").first().waitFor();
          await page.waitForLoadState("networkidle");
          const { scroll, width, widest } = await overflow(page);
          expect(width).toBe(viewports[size].width);
          if (scroll > width) found.push(`${path}: ${scroll} px wide (${widest})`);
        }
        expect(pageErrors(page)).toEqual([]);
        await page.context().close();
      };
      await visit([...(locale === "en" ? ["/"] : []), ...publicPages(locale)], false);
      await visit(ownerPages(locale), true);
      expect(found).toEqual([]);
    }, 480_000);

    it("the footer links only product pages, each a 44 px target", async () => {
      const page = await browser.open(`/${locale}/pricing`, { viewport: size, locale, touch: true });
      const footer = page.locator("footer");
      await footer.waitFor();
      const links = await footer
        .locator("a[href]")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(links).toEqual([`/${locale}/pricing`, `/${locale}/docs/api`]);
      expect(await smallTargets(page, "footer")).toEqual([]);
      await page.context().close();
    });

    it("every control on the chat and files pages is at least 44 px", async () => {
      const files = await browser.open(`/${locale}/setup/files`, {
        viewport: size,
        locale,
        touch: true,
        cookies: sessionCookies(owner),
      });
      await expect.poll(() => files.getByTestId("document").count(), { timeout: 60_000 }).toBe(3);
      expect(await smallTargets(files)).toEqual([]);
      // Kinds in the page's language; the website reads as a website with its pages, not "URL · 0 B".
      const kinds = catalogue[locale].training.kind;
      expect((await files.getByTestId("document-kind").allTextContents()).sort()).toEqual(
        [kinds.text, kinds.text, kinds.url].sort(),
      );
      const website = files.locator('[data-testid="document"]', { hasText: "127.0.0.1" });
      expect(await website.textContent()).toMatch(locale === "vi" ? /\d+ trang/ : /\d+ pages?/);
      expect(await website.textContent()).not.toMatch(/\b0 B\b/);

      const chat = await browser.open(`/${locale}/chat`, {
        viewport: size,
        locale,
        touch: true,
        cookies: sessionCookies(owner),
      });
      // The owner is greeted as a visitor of this page is: /en/chat in English, /vi/chat in Vietnamese.
      await chat.getByText(catalogue[locale].setup.defaults.greeting.replace("{name}", AGENT)).waitFor();
      await ask(chat, locale === "vi" ? "Phở bò giá bao nhiêu?" : "How much is the beef pho?");
      await lastAnswer(chat);
      expect(await smallTargets(chat)).toEqual([]);

      const visitorChat = await browser.open(`/${locale}/c/${agentId}/${conversationId}`, {
        viewport: size,
        locale,
        touch: true,
        cookies: [visitorCookie],
      });
      await visitorChat.getByTestId("chat-answer").first().waitFor();
      expect(await smallTargets(visitorChat)).toEqual([]);
    }, 300_000);
  });
});

describe("on a desktop", () => {
  it("shows a refused website address once, in one wording", async () => {
    const page = await browser.open("/vi/setup/files", { cookies: sessionCookies(owner) });
    const form = page.getByTestId("url-form");
    await form.getByLabel("Địa chỉ trang web").fill("htp:/ab");
    await form.getByRole("button", { name: "Thêm trang web" }).click();
    await form.getByRole("alert").waitFor();
    expect(await form.getByRole("alert").allTextContents()).toEqual([vi.errors.site_refused]);
    // Nowhere else either (no toast repeating it).
    expect(await page.getByText("Đã xảy ra lỗi", { exact: false }).count()).toBe(1);
  });

  it("keeps compact controls for a mouse (the 44 px rule is for touch only)", async () => {
    const page = await browser.open("/en/setup/files", { cookies: sessionCookies(owner) });
    await expect.poll(() => page.getByTestId("document").count(), { timeout: 60_000 }).toBe(3);
    const box = await page.getByRole("checkbox").nth(1).boundingBox();
    expect(box!.height).toBeLessThan(24);
  });
});
