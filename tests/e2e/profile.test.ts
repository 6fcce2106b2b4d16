import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { signInWithCode } from "../helpers/session";

const browser = browserPerFile();
const base = () => inject("baseUrl");

/** An API sign-in through the e-mail code flow: the tokens the browser then carries as cookies. */
const signIn = (email: string, userAgent?: string) => signInWithCode(base(), email, { userAgent });

/** Signs in as the browser would (its User-Agent is stored on the session), then hands it the cookies. */
async function signedInPage(locale: string, email: string): Promise<Page> {
  const page = await browser.open(`/${locale}/pricing`);
  const tokens = await signIn(email, await page.evaluate(() => navigator.userAgent));
  await page.context().addCookies([
    { name: "access_token", value: tokens.access, url: base(), httpOnly: true, sameSite: "Lax" },
    { name: "renewal_token", value: tokens.renewal, url: base(), httpOnly: true, sameSite: "Lax" },
  ]);
  await page.goto(`/${locale}/setup`, { waitUntil: "networkidle" });
  expect(new URL(page.url()).pathname).toBe(`/${locale}/setup`);
  return page;
}

const text = {
  en: {
    menu: "Account menu",
    profile: "Profile",
    first: "First name",
    last: "Last name",
    avatar: "Picture address",
    save: "Save",
    saved: "Your profile has been saved.",
    avatarError: "Enter an image address that starts with https://.",
    device: "This device",
    everywhere: "Sign out everywhere",
    confirm: "Sign out everywhere",
    name: (first: string, last: string) => `${first} ${last}`,
  },
  vi: {
    menu: "Menu tài khoản",
    profile: "Hồ sơ",
    first: "Tên",
    last: "Họ",
    avatar: "Địa chỉ ảnh đại diện",
    save: "Lưu",
    saved: "Đã lưu hồ sơ của bạn.",
    avatarError: "Vui lòng nhập địa chỉ ảnh bắt đầu bằng https://.",
    device: "Thiết bị này",
    everywhere: "Đăng xuất khỏi mọi thiết bị",
    confirm: "Đăng xuất tất cả",
    name: (first: string, last: string) => `${last} ${first}`,
  },
} as const;

const uniqueEmail = (tag: string) => `e2e-profile-${tag}-${randomBytes(4).toString("hex")}@example.test`;

async function openProfile(page: Page, t: (typeof text)["en" | "vi"]) {
  await page.getByRole("button", { name: t.menu }).first().click();
  await page.getByRole("menuitem", { name: t.profile }).click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return dialog;
}

describe.each(["en", "vi"] as const)("the profile dialog in %s", (locale) => {
  const t = text[locale];

  it("edits the names, shows field errors inline, and the menu shows the new name after a reload", async () => {
    const email = uniqueEmail(locale);
    const page = await signedInPage(locale, email);

    // The menu shows who is signed in.
    await page.getByRole("button", { name: t.menu }).first().click();
    expect(await page.getByTestId("account-email").textContent()).toBe(email);
    await page.keyboard.press("Escape");

    let dialog = await openProfile(page, t);
    await dialog.getByLabel(t.avatar).fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: t.save }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(t.avatarError);
    expect(await dialog.getByLabel(t.avatar).getAttribute("aria-invalid")).toBe("true");

    const first = locale === "vi" ? "Bình" : "Ada";
    const last = locale === "vi" ? "Trần" : "Lovelace";
    await dialog.getByLabel(t.avatar).fill("");
    await dialog.getByLabel(t.first).fill(first);
    await dialog.getByLabel(t.last).fill(last);
    await dialog.getByRole("button", { name: t.save }).click();
    await page.getByText(t.saved).waitFor();
    await dialog.waitFor({ state: "hidden" });

    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("button", { name: t.menu }).first().click();
    const shown = page.getByTestId("account-name");
    await shown.waitFor();
    expect(await shown.textContent()).toBe(t.name(first, last));
    await page.keyboard.press("Escape");

    // The dialog opens with the saved values.
    dialog = await openProfile(page, t);
    expect(await dialog.getByLabel(t.first).inputValue()).toBe(first);
    expect(await dialog.getByLabel(t.last).inputValue()).toBe(last);
    expect(pageErrors(page)).toEqual([]);
  });

  it("lists this session, and 'sign out everywhere' ends every session and lands on sign-in", async () => {
    const email = uniqueEmail(`out-${locale}`);
    const other = await signIn(email);
    const page = await signedInPage(locale, email);

    const dialog = await openProfile(page, t);
    const current = dialog.locator('[data-testid="session"][data-current]');
    await current.waitFor();
    const row = (await current.textContent()) ?? "";
    expect(row).toContain(t.device);
    expect(row).toContain("Linux");
    expect(row).toContain("Chrome");
    // The API sign-in (no browser) is the other session.
    expect(await dialog.getByTestId("session").count()).toBe(2);

    await dialog.getByRole("button", { name: t.everywhere }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await confirm.getByRole("button", { name: t.confirm }).click();
    await page.waitForURL((url) => url.pathname === `/${locale}`);

    // Every session ended, including the one this browser never saw.
    const res = await fetch(`${base()}/api/v1/user/sessions`, {
      headers: { authorization: `Bearer ${other.access}` },
    });
    expect(res.status).toBe(401);

    await page.goto(`/${locale}/setup`, { waitUntil: "networkidle" });
    expect(new URL(page.url()).pathname).toBe(`/${locale}`);
    expect(pageErrors(page)).toEqual([]);
  });
});
