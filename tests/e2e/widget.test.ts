import { createHmac } from "node:crypto";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ask, lastAnswer, owner, ownerWithAgent } from "../helpers/chat-ui";
import { baseUrl } from "../helpers/http";
import { type LocalSite, serveSite } from "../helpers/local-site";
import { type SignedIn, sessionCookies } from "../helpers/oidc-sign-in";

/**
 * The website widget (BEYOND-1) in Chromium, on a host page served by the test on another site (localhost
 * while the product is 127.0.0.1): the launcher survives hostile CSS, loads nothing more until opened,
 * answers with sources, closes on command, tells the host page only that a message passed; a site the owner
 * did not allow gets no launcher and cannot frame the chat. Over plain http across sites the browser sends
 * the frame no cookie, so every follow-up question proves the frame's own storage keeps the visitor.
 */
const browser = browserPerFile();
let agentId: string;
let session: SignedIn;
let host: LocalSite;
let hostOrigin: string;

const HOSTILE_CSS = "* { all: unset } div { display: none !important } iframe { width: 1px !important }";

function hostPage(agent: string, extra = ""): string {
  return `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><style>${HOSTILE_CSS}</style></head>
<body><h1>Hoa Mai Bakery</h1><div>Our shop</div>
<script>
window.agentcity = window.agentcity || function () { (agentcity.q = agentcity.q || []).push(arguments) };
window.seen = [];
agentcity("on", "message", function (d) { seen.push(JSON.stringify(d)) });
agentcity("on", "close", function () { seen.push("closed") });
</script>${extra}
<script src="${baseUrl()}/embed.js" data-agent-id="${agent}" data-locale="en" async></script>
</body></html>`;
}

beforeAll(async () => {
  ({ session, agentId } = await ownerWithAgent({
    name: "Hoa Mai Bakery",
    kind: "business",
    texts: [
      { title: "Opening hours", content: "Hoa Mai Bakery opens at 7 am and closes at 9 pm every day." },
    ],
  }));
  host = await serveSite((_req, res, url) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (url.pathname === "/frame") {
      res.end(`<!doctype html><iframe src="${baseUrl()}/en/embed/${agentId}" title="chat"></iframe>`);
    } else if (url.pathname === "/member") {
      // The owner's server signed this member's id (identity verification); the page passes it on.
      const hash = url.searchParams.get("hash") ?? "";
      res.end(
        hostPage(
          agentId,
          `<script>agentcity("identify", { user_id: "member-7", user_hash: "${hash}", name: "Lan Nguyễn" })</script>`,
        ),
      );
    } else res.end(hostPage(agentId));
  });
  hostOrigin = `http://localhost:${host.port}`;
});

afterAll(async () => {
  await host?.close();
});

/** What sits at a point of the host page: the launcher is the widget's element (its shadow root is closed). */
const tagAt = (page: Page, x: number, y: number) =>
  page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.tagName.toLowerCase() ?? null, [x, y]);

/**
 * The chat's frame once it is drawn and running: its close button appears only after the chat has hydrated
 * and linked up with the host page, so a question typed then is sent (the greeting alone is server HTML).
 */
async function chatFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(`/en/embed/${agentId}`))).toBe(true);
  const frame = page.frames().find((f) => f.url().includes(`/en/embed/${agentId}`))!;
  await frame.getByRole("button", { name: "Close chat" }).waitFor();
  return frame;
}

describe("the widget on another site", () => {
  it("appears despite hostile CSS, opens on click, answers with sources and closes on command", async () => {
    const page = await browser.open(`${hostOrigin}/`);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    const { width, height } = page.viewportSize()!;
    await expect.poll(() => tagAt(page, width - 48, height - 48)).toBe("agentcity-widget");
    // Until opened, the host page loads the loader and the launcher's settings, and nothing of the chat.
    expect(page.frames()).toHaveLength(1);
    expect(requested.filter((p) => p.includes("/embed/") && !p.endsWith("config.json"))).toEqual([]);

    await page.mouse.click(width - 48, height - 48);
    const frame = await chatFrame(page);
    await frame.getByTestId("agent-greeting").waitFor();
    await ask(frame, "When do you open?");
    const answer = await lastAnswer(frame);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect(await answer.getByTestId("answer-sources").textContent()).toContain("Opening hours");

    // A follow-up in the same conversation: no cookie reaches this cross-site frame over http.
    await ask(frame, "And when do you close?");
    await expect.poll(() => frame.getByTestId("chat-answer").count()).toBe(2);
    expect(await (await lastAnswer(frame)).getAttribute("data-state")).toBe("complete");

    // The host page learns that messages passed, never their words.
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).toContain(JSON.stringify({ role: "assistant" }));
    expect(seen.join(" ")).not.toMatch(/open|close|7|9/i);

    const element = await frame.frameElement();
    expect(await element.isVisible()).toBe(true);
    const box = await element.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    await page.evaluate(() => (window as unknown as { agentcity: (c: string) => void }).agentcity("close"));
    await expect.poll(() => element.isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toContain("closed");
    expect(pageErrors(page)).toEqual([]);
  });

  it("fills a phone's screen, and its own close button hands the page back", async () => {
    const page = await browser.open(`${hostOrigin}/`, { viewport: "phone", touch: true });
    const { width, height } = page.viewportSize()!;
    await expect.poll(() => tagAt(page, width - 48, height - 48)).toBe("agentcity-widget");
    await page.mouse.click(width - 48, height - 48);
    const frame = await chatFrame(page);
    await frame.getByTestId("agent-greeting").waitFor();
    const box = (await (await frame.frameElement()).boundingBox())!;
    expect(Math.round(box.width)).toBe(width);
    expect(Math.round(box.height)).toBe(height);
    await frame.getByRole("button", { name: "Close chat" }).click();
    await expect.poll(async () => (await frame.frameElement()).isVisible()).toBe(false);
  });
});

describe("a member the owner's site identified", () => {
  it("is named in the owner's history", async () => {
    const secret = (await owner(session, "GET", "/api/v1/agent/widget-secret")).body.data as {
      secret: string;
    };
    const hash = createHmac("sha256", secret.secret).update("member-7").digest("hex");
    const page = await browser.open(`${hostOrigin}/member?hash=${hash}`);
    const { width, height } = page.viewportSize()!;
    await expect.poll(() => tagAt(page, width - 48, height - 48)).toBe("agentcity-widget");
    await page.evaluate(() => (window as unknown as { agentcity: (c: string) => void }).agentcity("open"));
    const frame = await chatFrame(page);
    await frame.getByTestId("agent-greeting").waitFor();
    await ask(frame, "What time do you open?");
    expect(await (await lastAnswer(frame)).getAttribute("data-state")).toBe("complete");

    const history = await browser.open("/en/history", { cookies: sessionCookies(session) });
    await expect
      .poll(() => history.getByTestId("row-visitor-name").allTextContents())
      .toContain("Lan Nguyễn");
  });
});

describe("the owner sets the widget up", () => {
  it("in Vietnamese on a phone: a refused host named at its field, then saved; preview and snippet follow", async () => {
    const page = await browser.open("/vi/setup/widget", {
      viewport: "phone",
      locale: "vi-VN",
      cookies: sessionCookies(session),
    });
    const form = page.getByTestId("widget-form");
    await form.getByLabel("Tên miền được phép").fill("shop.example.com\nbad host");
    await form.getByLabel("Chữ trên nút mở").fill("Hỏi chúng tôi");
    // The preview follows the form before anything is saved.
    await expect.poll(() => page.getByTestId("widget-preview").textContent()).toContain("Hỏi chúng tôi");
    await form.getByRole("button", { name: "Lưu tiện ích" }).click();
    await expect
      .poll(() => form.getByRole("alert").textContent())
      .toBe("bad host: Nhập tên miền như example.com hoặc *.example.com.");

    await form.getByLabel("Tên miền được phép").fill("https://Shop.Example.com/\n*.example.org");
    await form.getByRole("button", { name: "Lưu tiện ích" }).click();
    await expect
      .poll(() => form.getByLabel("Tên miền được phép").inputValue())
      .toBe("shop.example.com\n*.example.org");
    const snippet = await page.getByTestId("widget-snippet").textContent();
    expect(snippet).toContain(`data-agent-id="${agentId}"`);
    expect(snippet).toContain('data-locale="vi"');
    expect(snippet).toContain(`${baseUrl()}/embed.js`);
    expect(pageErrors(page)).toEqual([]);

    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByTestId("widget-form").getByLabel("Chữ trên nút mở").inputValue()).toBe(
      "Hỏi chúng tôi",
    );
    await owner(session, "POST", "/api/v1/agent", {
      name: "Hoa Mai Bakery",
      allowed_domains: [],
      widget: { label: null },
    });
  });
});

describe("a site the owner did not allow", () => {
  /** The frame page's chat frame once the browser has finished navigating it (loaded or refused). */
  async function settledFrame(page: Page): Promise<Frame> {
    await expect.poll(() => page.frames().length).toBe(2);
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    await frame.waitForLoadState("load");
    return frame;
  }

  it("gets no launcher, and the browser refuses to frame the chat", async () => {
    // First the control: with the host allowed, the same two pages do show the launcher and the framed chat,
    // so the refusals below are the policy's and not a page that never loaded.
    const allowed = await owner(session, "POST", "/api/v1/agent", {
      name: "Hoa Mai Bakery",
      allowed_domains: ["localhost"],
    });
    expect(allowed.status).toBe(200);
    const control = await browser.open(`${hostOrigin}/frame`);
    const shown = await settledFrame(control);
    expect(shown.url()).toContain(`/en/embed/${agentId}`);
    await shown.getByTestId("agent-greeting").waitFor();

    const saved = await owner(session, "POST", "/api/v1/agent", {
      name: "Hoa Mai Bakery",
      allowed_domains: ["shop.example.com"],
    });
    expect(saved.status).toBe(200);
    try {
      const page = await browser.open(`${hostOrigin}/`);
      // The loader asks for its settings once and draws the launcher (or not) from that answer: wait until the
      // answer has arrived (a cross-origin entry hides its status), then look for the launcher.
      const configAnswered = () =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((e) => e.name.includes("/config.json")),
        );
      await expect.poll(configAnswered).toBe(true);
      const refused = await fetch(`${baseUrl()}/embed/${agentId}/config.json?locale=en`, {
        headers: { origin: hostOrigin },
      });
      expect(refused.status).toBe(403);
      await page.waitForLoadState("networkidle");
      const { width, height } = page.viewportSize()!;
      expect(await tagAt(page, width - 48, height - 48)).not.toBe("agentcity-widget");
      expect(await page.locator("agentcity-widget").count()).toBe(0);

      const framed = await browser.open(`${hostOrigin}/frame`);
      const frame = await settledFrame(framed);
      // Refused by frame-ancestors: Chromium shows its error page instead of ours.
      expect(frame.url()).toMatch(/^chrome-error:/);
      expect(await frame.getByTestId("agent-greeting").count()).toBe(0);
    } finally {
      await owner(session, "POST", "/api/v1/agent", { name: "Hoa Mai Bakery", allowed_domains: [] });
    }
  });
});
