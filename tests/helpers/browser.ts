import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

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
        /** name=value pairs the browser holds before the first request (e.g. signInWithCode's cookies) */
        cookies?: string[];
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        viewport: viewports[opts.viewport ?? "desktop"],
        locale: opts.locale ?? "en-US",
        baseURL: inject("baseUrl"),
      });
      contexts.push(context);
      if (opts.cookies?.length) {
        await context.addCookies(
          opts.cookies.map((pair) => {
            const eq = pair.indexOf("=");
            return {
              name: pair.slice(0, eq),
              value: pair.slice(eq + 1),
              url: inject("baseUrl"),
              httpOnly: true,
              sameSite: "Lax" as const,
            };
          }),
        );
      }
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
