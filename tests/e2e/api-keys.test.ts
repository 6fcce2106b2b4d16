import { describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { newPerson, type SignedIn, sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";

/** BEYOND-3 in the browser: Setup → API keys, from a new key shown once to its revocation. */

const browser = browserPerFile();
const base = () => inject("baseUrl");
const KEY_SHAPE = /^ac_live_[A-Za-z0-9_-]{32}$/;

/** A signed-in owner whose agent is set up (keys belong to an agent). */
async function ownerWithAgent(name: string): Promise<SignedIn> {
  const owner = await signInWithOidc(newPerson(name));
  const res = await fetch(`${base()}/api/v1/agent`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.access}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Tiệm bánh Hoa Mai", kind: "business", model: "builtin" }),
  });
  expect(res.status).toBe(201);
  return owner;
}

const ask = (key: string) =>
  fetch(`${base()}/api/v1/agent/conversation/message`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ content: "Hello?" }),
  });

describe("the API keys panel", () => {
  it("before setup, tells the owner to set the agent up first instead of reporting a failure", async () => {
    const owner = await signInWithOidc(newPerson("No agent yet"));
    const page = await browser.open("/vi/setup/api-keys", {
      viewport: "phone",
      locale: "vi-VN",
      cookies: sessionCookies(owner),
    });
    const empty = page.getByTestId("api-keys-no-agent");
    await empty.waitFor();
    expect(await empty.textContent()).toContain("Hãy thiết lập trợ lý trước");
    expect(await page.getByRole("link", { name: "Đến trang thiết lập" }).getAttribute("href")).toBe(
      "/vi/setup",
    );
    expect(await page.getByText("Không tải được các khóa của bạn.").count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("creates a key shown once, copies it, the key works, then revokes it", async () => {
    const owner = await ownerWithAgent("Lan");
    const page = await browser.open("/en/setup/api-keys", { cookies: sessionCookies(owner) });
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await page.getByText("No API keys yet").waitFor();
    // The nav marks the page, next to Files.
    expect(await page.getByRole("link", { name: "API keys" }).first().getAttribute("aria-current")).toBe(
      "page",
    );
    // A first call to copy, with this server's address, and the way to the API's documentation.
    expect(await page.getByTestId("curl-example").textContent()).toContain(
      `${base()}/api/v1/agent/conversation/message`,
    );
    expect(await page.getByRole("link", { name: "Read the API documentation" }).getAttribute("href")).toBe(
      "/en/docs/api",
    );

    await page.getByLabel("Name").fill("Zalo bot");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-key-value");
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(KEY_SHAPE);
    expect(await page.getByTestId("new-key").textContent()).toContain("it will not be shown again");

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base() });
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = page.getByTestId("api-key");
    await row.waitFor();
    expect(await row.textContent()).toContain("Zalo bot");
    expect(await row.textContent()).toContain(`ac_live_…${key.slice(-4)}`);
    expect(await row.textContent()).toContain("Never used");

    // The key works over HTTP, as the owner's program would use it.
    expect((await ask(key)).status).toBe(200);

    // Once dismissed, the key is gone from the page, and a reload does not bring it back.
    await page.getByRole("button", { name: "I have copied it" }).click();
    await page.getByTestId("create-key-form").waitFor();
    expect(await page.content()).not.toContain(key);
    await page.reload({ waitUntil: "networkidle" });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await row.textContent()).toContain("Last used");

    // The history marks what the key asked.
    await page.goto("/en/history", { waitUntil: "networkidle" });
    const badge = page.getByTestId("row-channel-api");
    await badge.waitFor();
    expect(await badge.textContent()).toBe("API");
    expect(await page.getByTestId("row-question").first().textContent()).toBe("Hello?");
    await page.goto("/en/setup/api-keys", { waitUntil: "networkidle" });
    await row.waitFor();

    await page.getByRole("button", { name: "Revoke the key “Zalo bot”" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("stop working at once");
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("No API keys yet").waitFor();
    expect((await ask(key)).status).toBe(401);
    expect(pageErrors(page)).toEqual([]);
  });

  it("works in Vietnamese on a phone: errors in Vietnamese, nothing wider than the screen", async () => {
    const owner = await ownerWithAgent("Minh");
    const page = await browser.open("/vi/setup/api-keys", {
      cookies: sessionCookies(owner),
      viewport: "phone",
      touch: true,
      locale: "vi-VN",
    });
    await page.getByRole("heading", { name: "Khóa API", level: 1 }).waitFor();
    await page.getByText("Chưa có khóa API nào").waitFor();

    // An empty name: the server's own words, in the page's language, under the field.
    await page.getByRole("button", { name: "Tạo khóa" }).click();
    const error = page.getByTestId("create-key-error");
    await error.waitFor();
    const expected = await fetch(`${base()}/api/v1/agent/api-keys`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${owner.access}`,
        "content-type": "application/json",
        "accept-language": "vi",
      },
      body: JSON.stringify({ name: "" }),
    }).then((r) => r.json() as Promise<{ error: { fields: { name: string } } }>);
    expect(await error.textContent()).toBe(expected.error.fields.name);
    expect(await page.getByLabel("Tên").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Tên").fill("Máy chủ website");
    await page.getByRole("button", { name: "Tạo khóa" }).click();
    const shown = page.getByTestId("new-key-value");
    await shown.waitFor();
    expect((await shown.textContent())!.trim()).toMatch(KEY_SHAPE);
    expect(await page.getByTestId("new-key").textContent()).toContain("sẽ không được hiển thị lại");
    expect(await page.getByTestId("api-key").textContent()).toContain("Chưa dùng lần nào");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The phone menu leads here too.
    await page.getByRole("button", { name: "Mở menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Khóa API" }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
