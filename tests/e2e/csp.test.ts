import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { browserPerFile, cspViolations, pageErrors } from "../helpers/browser";
import { ask, lastAnswer } from "../helpers/chat-ui";
import { latestCode } from "../helpers/mail";
import { signInWithOidc } from "../helpers/oidc-sign-in";

/**
 * SEC-4 in Chromium: the main journeys work with the Content-Security-Policy enforced, and the browser
 * reports no violation on the way (neither a `securitypolicyviolation` event nor a console error).
 */

const browser = browserPerFile();
const base = () => inject("baseUrl");

/** The page answered with an enforced policy that has a script nonce (not report-only, not missing). */
async function expectEnforcedPolicy(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: "networkidle" });
  expect(res?.status(), path).toBe(200);
  expect(res?.headers()["content-security-policy"], path).toMatch(/script-src [^;]*'nonce-[^']+'/);
}

describe("main journeys with the CSP enforced", () => {
  it("sign-in by code, setup, a text snippet, a streamed public answer, history, pricing, language switch: zero violations", async () => {
    const email = `csp-${randomBytes(4).toString("hex")}@mail.test`;
    const owner = await browser.open("/en");
    await expectEnforcedPolicy(owner, "/en");

    // Sign-in by e-mail code.
    const form = owner.getByTestId("email-code-form");
    await form.getByLabel("E-mail address").fill(email);
    await form.getByRole("button", { name: "E-mail me a sign-in code" }).click();
    const verify = owner.getByTestId("email-code-verify");
    await verify.getByLabel("Sign-in code").fill(await latestCode(email));
    await verify.getByRole("button", { name: "Sign in" }).click();
    await owner.waitForURL((url) => url.pathname === "/en/setup", { timeout: 20_000 });

    // Setup: save the agent.
    await owner.getByLabel("Company name", { exact: true }).fill("Nonce Bakery");
    await owner.getByRole("button", { name: "Create agent" }).click();
    await owner.getByText("Your agent is ready. Share its link or train it next.").waitFor();
    const link = await owner
      .getByRole("textbox", { name: "Public link of your agent", exact: true })
      .inputValue();
    const publicPath = new URL(link).pathname;
    expect(publicPath).toMatch(/^\/en\/c\/agent_[A-Za-z0-9_-]{12}$/);

    // Training: a text snippet, learned.
    await expectEnforcedPolicy(owner, "/en/setup/files");
    const text = owner.getByTestId("text-form");
    await text.getByLabel("Name").fill("Opening hours");
    await text
      .getByLabel("What the agent should know")
      .fill("The bakery opens at 6 in the morning every day.");
    await text.getByRole("button", { name: "Add text" }).click();
    await owner
      .getByTestId("document")
      .filter({ hasText: "Opening hours" })
      .getByText("Learned", { exact: true })
      .waitFor({
        timeout: 30_000,
      });

    // A visitor (own browser context) asks on the public page; the answer streams in.
    const visitor = await browser.open(publicPath, { viewport: "phone" });
    await expectEnforcedPolicy(visitor, publicPath);
    await visitor.getByTestId("agent-greeting").waitFor();
    await ask(visitor, "When does the bakery open?");
    const answer = await lastAnswer(visitor);
    expect(await answer.getAttribute("data-state")).toBe("complete");
    expect((await answer.getByTestId("answer-text").textContent())?.trim().length).toBeGreaterThan(0);

    // History shows the visitor's conversation to the owner.
    await expectEnforcedPolicy(owner, "/en/history");
    await owner.getByTestId("history-row").first().waitFor({ timeout: 20_000 });
    expect(await owner.getByTestId("history-row").first().getByTestId("row-question").textContent()).toBe(
      "When does the bakery open?",
    );

    // Pricing, then the language switch (a client-side navigation to the other language).
    await expectEnforcedPolicy(owner, "/en/pricing");
    await owner.getByRole("heading", { name: "Plans and pricing", level: 1 }).waitFor();
    await owner.getByRole("button", { name: "Language" }).click();
    await owner.getByRole("menuitem", { name: "Tiếng Việt" }).click();
    await owner.waitForURL((url) => url.pathname === "/vi/pricing");
    await owner.getByRole("button", { name: "Ngôn ngữ" }).waitFor();

    expect(pageErrors(owner)).toEqual([]);
    expect(pageErrors(visitor)).toEqual([]);
    expect(cspViolations(owner)).toEqual([]);
    expect(cspViolations(visitor)).toEqual([]);
  }, 240_000);

  it("the policy is really enforced and reported: injected markup cannot run script", async () => {
    const page = await browser.open("/en/pricing");
    expect(cspViolations(page)).toEqual([]);
    // What an XSS would inject: an inline event handler, and a parser-inserted inline script (srcdoc
    // frames inherit the page's policy). Neither carries the nonce.
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __handler?: boolean; __inline?: boolean };
      const box = document.createElement("div");
      box.innerHTML = `<img src="/no-such-image.png" onerror="window.__handler = true">
        <iframe srcdoc="<script>parent.__inline = true</script>"></iframe>`;
      document.body.append(box);
      await new Promise((r) => setTimeout(r, 1000));
      return { handler: w.__handler === true, inline: w.__inline === true };
    });
    expect(ran).toEqual({ handler: false, inline: false });
    await expect.poll(() => cspViolations(page).length).toBeGreaterThanOrEqual(1);
    expect(cspViolations(page).join("\n")).toContain("script-src");
  });

  it("another site may frame the public chat page but no other page", async () => {
    const { access } = await signInWithOidc();
    const created = await fetch(`${base()}/api/v1/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Framed Agent" }),
    });
    expect(created.status).toBe(201);
    const agentId = ((await created.json()) as { data: { id: string } }).data.id;

    const page = await browser.open("/en");
    // Another origin (another port: same site, different origin, which is what frame-ancestors compares),
    // a real server so Chromium treats it like any site on this machine.
    const embedderServer = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html>
        <iframe name="chat" src="${base()}/en/c/${agentId}"></iframe>
        <iframe name="pricing" src="${base()}/en/pricing"></iframe>`);
    });
    await new Promise<void>((r) => embedderServer.listen(0, "127.0.0.1", r));
    onTestFinished(() => new Promise<void>((r) => embedderServer.close(() => r())));
    const embedder = `http://127.0.0.1:${(embedderServer.address() as AddressInfo).port}/`;
    await page.goto(embedder, { waitUntil: "networkidle" });
    const frame = (name: string) => page.frameLocator(`iframe[name="${name}"]`);
    await frame("chat").getByTestId("agent-greeting").waitFor();
    expect(await frame("chat").getByTestId("agent-greeting").textContent()).toContain("Framed Agent");
    // A frame refused by frame-ancestors shows Chromium's error page, never our content.
    const refused = await frame("pricing")
      .locator("body")
      .textContent({ timeout: 2000 })
      .catch(() => "");
    expect(refused).not.toContain("Plans and pricing");
    expect(await frame("pricing").getByRole("heading", { name: "Plans and pricing" }).count()).toBe(0);
  });
});
