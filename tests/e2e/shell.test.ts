import { beforeAll, describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { type SignedIn, sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";

const browser = browserPerFile();
let owner: SignedIn;
beforeAll(async () => {
  owner = await signInWithOidc();
});
/** The app pages need a signed-in owner: one session for this file. */
const signedIn = () => ({ cookies: sessionCookies(owner) });

const text = {
  en: {
    language: "Language",
    menu: "Open menu",
    toasts: "Notifications",
    reload: "Reload",
    notFound: "Page Not Found",
  },
  vi: {
    language: "Ngôn ngữ",
    menu: "Mở menu",
    toasts: "Thông báo",
    reload: "Tải lại",
    notFound: "Không tìm thấy trang",
  },
} as const;

describe.each(["en", "vi"] as const)("the shell in %s", (locale) => {
  const t = text[locale];

  it("renders home with its language, layout and no script errors", async () => {
    const page = await browser.open(`/${locale}`);
    expect(await page.getAttribute("html", "lang")).toBe(locale);
    expect(await page.locator("[data-layout]").first().getAttribute("data-layout")).toBe("default");
    await page.getByRole("button", { name: t.language }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it("shows the sidebar on a desktop and a menu on a phone (device info)", async () => {
    const desktop = await browser.open(`/${locale}/setup`, signedIn());
    expect(await desktop.locator("aside nav").count()).toBe(1);
    expect(await desktop.getByRole("button", { name: t.menu }).count()).toBe(0);

    const phone = await browser.open(`/${locale}/setup`, { viewport: "phone", ...signedIn() });
    await phone.getByRole("button", { name: t.menu }).waitFor();
    expect(await phone.locator("aside").count()).toBe(0);
    await phone.getByRole("button", { name: t.menu }).click();
    const dialog = phone.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("link").count()).toBeGreaterThanOrEqual(5);

    // Widening the window switches back to the sidebar (refreshed 50 ms after the resize).
    await phone.keyboard.press("Escape");
    await phone.setViewportSize({ width: 1280, height: 800 });
    await phone.locator("aside nav").waitFor();
  });

  it("keeps the toast region labelled and reachable with Alt+T", async () => {
    const page = await browser.open(`/${locale}/pricing`);
    const region = page.locator(`section[aria-label^="${t.toasts}"]`);
    expect(await region.count()).toBe(1);
    expect(await region.getAttribute("aria-label")).toContain("alt+T");
  });

  it("renders the 404 page for an unknown path", async () => {
    const page = await browser.open(`/${locale}/nowhere/here`);
    expect(await page.locator("h1").textContent()).toBe(t.notFound);
    expect(await page.locator("[data-layout]").getAttribute("data-layout")).toBe("empty");
    expect(await page.getByTestId("error-path").textContent()).toBe(`/${locale}/nowhere/here`);
  });
});

describe.each([
  ["en", "vi"],
  ["vi", "en"],
] as const)("language switcher from %s to %s", (from, to) => {
  it("moves to the same page in the other language and remembers it for a year", async () => {
    const page = await browser.open(`/${from}/pricing`);
    await page.getByRole("button", { name: text[from].language }).click();
    await page.getByRole("menuitem", { name: to === "en" ? "English" : "Tiếng Việt" }).click();
    await page.waitForURL(`**/${to}/pricing`);
    expect(await page.getAttribute("html", "lang")).toBe(to);
    await page.getByRole("button", { name: text[to].language }).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE");
    expect(cookie?.value).toBe(to);
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // The root now greets this visitor in the chosen language, whatever the browser prefers.
    await page.goto("/");
    expect(await page.getAttribute("html", "lang")).toBe(to);
  });
});

describe("generic error page", () => {
  it.each([
    ["en", "Internal Server Error"],
    ["vi", "Lỗi máy chủ"],
  ] as const)("shows the 500 variant in %s", async (locale, title) => {
    const page = await browser.open(`/${locale}/error-probe`);
    await page.locator("h1", { hasText: title }).waitFor();
    expect(await page.locator("[data-error-status]").getAttribute("data-error-status")).toBe("500");
    expect(await page.locator("[data-layout]").getAttribute("data-layout")).toBe("empty");
  });

  // Spec §2: the page shows the error's own status code, status message and message. A page error (an
  // ApiError thrown by a page) keeps its status and translated message across production's stripping of
  // server errors; an Error thrown in the browser shows its own message.
  const shown = {
    en: {
      "403": ["Error 403", "Forbidden", "You are not allowed to do this."],
      "409": ["Error 409", "Conflict", "This conflicts with something that already exists."],
      "503": [
        "Error 503",
        "Service Unavailable",
        "The service is starting or unavailable. Please try again in a moment.",
      ],
      unknown: [
        "Error 500",
        "Internal Server Error",
        "Something went wrong on our side. Please try again later.",
      ],
    },
    vi: {
      "403": ["Lỗi 403", "Không có quyền truy cập", "Bạn không có quyền thực hiện thao tác này."],
      "409": ["Lỗi 409", "Xung đột dữ liệu", "Nội dung này trùng với dữ liệu đã có."],
      "503": [
        "Lỗi 503",
        "Dịch vụ không khả dụng",
        "Dịch vụ đang khởi động hoặc tạm thời không khả dụng. Vui lòng thử lại sau giây lát.",
      ],
      unknown: ["Lỗi 500", "Lỗi máy chủ", "Đã có lỗi xảy ra từ phía chúng tôi. Vui lòng thử lại sau."],
    },
  } as const;
  const facts = async (page: Awaited<ReturnType<typeof browser.open>>) => {
    const main = page.locator("main[data-error-status]");
    return {
      status: await main.getAttribute("data-error-status"),
      label: (await main.locator("p").first().textContent())?.trim(),
      title: (await main.locator("h1").textContent())?.trim(),
      message: (await main.locator("h1 + p").textContent())?.trim(),
    };
  };

  it.each([
    ["en", "403"],
    ["en", "409"],
    ["en", "503"],
    ["vi", "403"],
    ["vi", "409"],
    ["vi", "503"],
  ] as const)(
    "in %s, a page error with status %s shows its status, status message and message",
    async (locale, status) => {
      const [label, title, message] = shown[locale][status];
      const page = await browser.open(`/${locale}/error-probe?status=${status}`);
      await page.locator("h1", { hasText: title }).waitFor();
      await page.locator("[data-layout=empty]").waitFor();
      expect(await facts(page)).toEqual({ status, label, title, message });
    },
  );

  it.each(["en", "vi"] as const)(
    "in %s, an unknown server error is a 500 with the generic text",
    async (locale) => {
      const [label, title, message] = shown[locale].unknown;
      const page = await browser.open(`/${locale}/error-probe`);
      await page.locator("[data-layout=empty] h1").waitFor();
      expect(await facts(page)).toEqual({ status: "500", label, title, message });
    },
  );

  it.each(["en", "vi"] as const)(
    "in %s, an Error thrown in the browser shows its own message",
    async (locale) => {
      const [label, title] = shown[locale].unknown;
      const page = await browser.open(`/${locale}/error-probe?thrown=browser`);
      await page.locator("[data-layout=empty] h1").waitFor();
      expect(await facts(page)).toEqual({
        status: "500",
        label,
        title,
        message: "The error probe broke in the browser.",
      });
    },
  );
});

describe("new-version detection", () => {
  it.each([
    ["en", "A new version of AgentCity is available."],
    ["vi", "Đã có phiên bản mới của AgentCity."],
  ] as const)(
    "offers a reload in %s when /latest.json announces another build, and reloads",
    async (locale, message) => {
      const page = await browser.open(`/${locale}/setup`, signedIn());
      await page.evaluate(() => {
        (window as unknown as { marker: string }).marker = "before-reload";
      });
      await page.route("**/latest.json", (route) =>
        route.fulfill({ json: { buildId: "a-newer-build", builtAt: new Date().toISOString() } }),
      );
      const reload = page.getByRole("button", { name: text[locale].reload });
      await reload.waitFor({ timeout: 15_000 });
      expect(await page.getByText(message).count()).toBe(1);
      await Promise.all([page.waitForEvent("load"), reload.click()]);
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    },
  );

  it("stays quiet while the build is unchanged", async () => {
    const page = await browser.open("/en/setup", signedIn());
    let polls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/latest.json")) polls++;
    });
    await page.waitForTimeout(4_500);
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("button", { name: "Reload" }).count()).toBe(0);
  });
});

describe("keyboard test page", () => {
  it("shows composition events from a Vietnamese input method", async () => {
    const page = await browser.open("/vi/test-ban-phim");
    const input = page.getByLabel("Ô gõ thử");
    await input.focus();
    const cdp = await page.context().newCDPSession(page);
    // What Telex produces while typing "việt": a composition that ends committed.
    await cdp.send("Input.imeSetComposition", { text: "vie", selectionStart: 3, selectionEnd: 3 });
    await cdp.send("Input.imeSetComposition", { text: "viê", selectionStart: 3, selectionEnd: 3 });
    await cdp.send("Input.insertText", { text: "việt" });
    const events = page.getByTestId("keyboard-events");
    await events.getByText("compositionstart").waitFor();
    await events.getByText("compositionend").waitFor();
    expect(await input.inputValue()).toBe("việt");
    expect(await page.locator("output").textContent()).toBe("việt");
  });
});

describe("redirect table in the browser", () => {
  it("lands on the internal target", async () => {
    const page = await browser.open("/vi/bang-gia");
    expect(new URL(page.url()).pathname).toBe("/vi/pricing");
    expect(await page.getAttribute("html", "lang")).toBe("vi");
  });
});

describe("language link on public pages", () => {
  it("opens the same public page in the other language", async () => {
    const res = await fetch(`${inject("baseUrl")}/api/v1/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.access}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Shell Test Agent" }),
    });
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const page = await browser.open(`/en/c/${id}`, { viewport: "phone" });
    await page.getByRole("link", { name: "Tiếng Việt" }).click();
    await page.waitForURL(`**/vi/c/${id}`);
    expect(await page.getAttribute("html", "lang")).toBe("vi");
    await page.getByRole("link", { name: "English" }).waitFor();
  });
});
