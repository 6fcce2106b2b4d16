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
      const violations: string[] = [];
      await recordCspViolations(context, violations);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (msg) => {
        if (msg.type() === "error" && /Content Security Policy/i.test(msg.text()))
          violations.push(msg.text());
      });
      (page as Page & { errors: string[] }).errors = errors;
      (page as Page & { cspViolations: string[] }).cspViolations = violations;
      await page.goto(path, { waitUntil: "networkidle" });
      return page;
    },
  };
}

export const pageErrors = (page: Page) => (page as Page & { errors?: string[] }).errors ?? [];

/**
 * SEC-4: what the page's Content-Security-Policy blocked so far, on any page of this context (each
 * `securitypolicyviolation` event, reported to the test before the page can lose it to a navigation, plus
 * console errors naming the policy).
 */
export const cspViolations = (page: Page) =>
  (page as Page & { cspViolations?: string[] }).cspViolations ?? [];

async function recordCspViolations(context: BrowserContext, into: string[]) {
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => {
    into.push(text);
  });
  // Init scripts and bindings run outside the page's policy, so recording cannot itself be blocked.
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
    document.addEventListener(
      "securitypolicyviolation",
      (e) =>
        report(
          `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`,
        ),
      true,
    );
  });
}
