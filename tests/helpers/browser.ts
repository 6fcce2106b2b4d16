import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  /** the narrowest phones still common */
  small: { width: 360, height: 740 },
} as const;

/** A phone as the server and the page see one: its user agent, touch, a coarse pointer. */
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One headless Debian Chromium per test file; a fresh context (cookies, storage) per call to `open`. */
export function browserPerFile() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: ARGS,
    });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    async open(
      path: string,
      opts: {
        viewport?: keyof typeof viewports;
        locale?: string;
        /** set before the first request, e.g. a signed-in session */
        cookies?: { name: string; value: string; url: string }[];
        /** a touch phone: mobile user agent, touch events, coarse pointer */
        touch?: boolean;
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        viewport: viewports[opts.viewport ?? "desktop"],
        locale: opts.locale ?? "en-US",
        baseURL: inject("baseUrl"),
        ...(opts.touch ? { hasTouch: true, isMobile: true, userAgent: PHONE_UA } : {}),
      });
      contexts.push(context);
      if (opts.cookies?.length) await context.addCookies(opts.cookies);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      (page as Page & { errors: string[] }).errors = errors;
      await page.goto(path, { waitUntil: "networkidle" });
      return page;
    },
  };
}

export const pageErrors = (page: Page) => (page as Page & { errors?: string[] }).errors ?? [];
