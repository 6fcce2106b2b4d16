import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import vi from "@/messages/vi.json";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { latestMail } from "../helpers/mail";
import { sessionCookies } from "../helpers/oidc-sign-in";
import { signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Issue 45 in the browser, in Vietnamese on a phone: an owner invites a colleague on Settings → Members (the
 * link read from the mail peer), the colleague accepts it, the owner changes their role and finds the change
 * in Settings → Audit.
 */

const browser = browserPerFile();
const base = () => inject("baseUrl");
const s = vi.settings;

async function signedIn(prefix: string) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const signed = await signInWithCode(base(), email, {
    from: `198.19.${randomInt(256)}.${randomInt(1, 255)}`,
    locale: "vi",
  });
  return { ...signed, email };
}

describe("Settings → Members and Audit on a phone", () => {
  it("invites a colleague, who joins; the owner changes their role and reads it in the audit log", async () => {
    const owner = await signedIn("chu");
    const colleague = await signedIn("dong-nghiep");
    // Two seats: the owner and the colleague (buying the plan is billing's tests' business).
    await sql(
      `insert into subscriptions (owner_id, plan, cycle, currency, amount, status, provider,
         current_period_start, current_period_end)
       values ($1, 'beginner', 'monthly', 'VND', 100000, 'active', 'payos', now(), now() + interval '30 days')`,
      [owner.user.id],
    );

    // The owner reaches Settings from the app's menu.
    const page = await browser.open("/vi/setup", {
      viewport: "phone",
      locale: "vi-VN",
      touch: true,
      cookies: sessionCookies(owner),
    });
    await page.getByRole("button", { name: vi.nav.openMenu }).click();
    await page.getByRole("dialog").getByRole("link", { name: vi.nav.settings, exact: true }).click();
    await page.waitForURL("**/vi/settings/members");
    await page.getByRole("heading", { name: s.title, level: 1 }).waitFor();
    const me = page.locator('[data-testid="member"][data-me="true"]');
    await me.waitFor();
    expect(await me.textContent()).toContain(s.members.you);
    // Nobody changes their own role here.
    expect(await me.getByTestId("member-role").isDisabled()).toBe(true);

    // The invitation: an address and a role.
    const before = Date.now();
    await page.getByLabel(s.members.emailLabel, { exact: true }).fill(colleague.email);
    await page.getByLabel(s.members.roleLabel, { exact: true }).selectOption("editor");
    await page.getByRole("button", { name: s.members.invite }).click();
    const pending = page.locator(`[data-testid="invitation"][data-email="${colleague.email}"]`);
    await pending.waitFor();
    expect(await pending.textContent()).toContain(vi.workspace.roles.editor);

    // The colleague follows the link from the mail (in the inviter's language) and accepts.
    const mail = await latestMail(colleague.email, { after: before });
    const link = mail.text.match(/\/vi\/invite\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, mail.text).toBeTruthy();
    const theirs = await browser.open(link!, {
      viewport: "phone",
      locale: "vi-VN",
      touch: true,
      cookies: sessionCookies(colleague),
    });
    await theirs.getByRole("button", { name: vi.workspace.invite.accept }).click();
    await theirs.locator('[data-invite-status="joined"]').waitFor();
    expect(pageErrors(theirs)).toEqual([]);

    // Back with the owner: the colleague is a member, no longer pending; the owner makes them support.
    await page.reload({ waitUntil: "networkidle" });
    const row = page.locator(`[data-testid="member"][data-email="${colleague.email}"]`);
    await row.waitFor();
    expect(await pending.count()).toBe(0);
    const select = row.getByTestId("member-role");
    expect(await select.inputValue()).toBe("editor");
    await select.selectOption("support");
    await page
      .getByText(
        s.members.roleChanged
          .replace("{name}", colleague.email)
          .replace("{role}", vi.workspace.roles.support),
      )
      .waitFor();
    await page.reload({ waitUntil: "networkidle" });
    expect(await row.getByTestId("member-role").inputValue()).toBe("support");

    // Settings → Audit: on a phone, cards; the role change names the colleague, both roles and the address.
    await page.getByRole("link", { name: s.tabs.audit }).click();
    await page.waitForURL("**/vi/settings/audit");
    const cards = page.getByTestId("audit-cards");
    await cards.waitFor();
    expect(await page.getByTestId("audit-table").isVisible()).toBe(false);
    const change = cards.locator('[data-action="member.role_changed"]').first();
    await change.waitFor();
    const text = (await change.textContent()) ?? "";
    expect(text).toContain(s.audit.actions.member_role_changed);
    expect(text).toContain(colleague.email);
    expect(text).toContain(`${vi.workspace.roles.editor} → ${vi.workspace.roles.support}`);
    expect(await cards.locator('[data-action="member.joined"]').count()).toBe(1);
    expect(await cards.locator('[data-action="member.invited"]').count()).toBe(1);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
