import { describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { scrollsSideways } from "../helpers/chat-ui";
import { sessionCookies } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";
import { call, inviteLink, person, subscribe } from "../helpers/workspace-people";

/**
 * Issue 45 in the browser, on a phone in Vietnamese: an owner with two agents invites a colleague (the link
 * read from the mail peer); the colleague accepts on the invitation page, finds the owner's workspace in
 * the switcher, is told billing is not theirs, picks the second agent and trains it with a snippet, which
 * the owner's first agent never gets.
 */
const browser = browserPerFile();

describe("a colleague joins a workspace on a phone (vi)", () => {
  it("accepts, switches, is kept out of billing and trains the second agent", async () => {
    const owner = await person("e2e-owner");
    await subscribe(owner, "starter");
    await call(owner, "POST", "/api/v1/agent", { name: "Phòng khám An Bình" });
    const second = await call<{ id: string }>(owner, "POST", "/api/v1/agents", { name: "Cơ sở Quận 3" });
    expect(second.status).toBe(201);
    const colleague = await person("e2e-colleague");
    const before = Date.now();
    const invited = await call(
      owner,
      "POST",
      "/api/v1/workspace/invitations",
      {
        email: colleague.email,
        role: "editor",
      },
      "vi",
    );
    expect(invited.status).toBe(201);
    const { token, lang } = await inviteLink(colleague.email, before);
    expect(lang).toBe("vi");

    const page = await browser.open(`/vi/invite/${token}`, {
      viewport: "phone",
      locale: "vi-VN",
      touch: true,
      cookies: sessionCookies({ access: colleague.token, renewal: colleague.renewal }),
    });
    await page.getByRole("button", { name: "Chấp nhận lời mời" }).click();
    await page.locator('[data-invite-status="joined"]').waitFor();
    await page.getByRole("link", { name: "Mở ứng dụng" }).click();
    await page.waitForURL(/\/vi\/setup/);

    // Joining made the owner's workspace this browser's: its first agent is the one shown.
    const switcher = page.getByTestId("agent-switcher");
    await expect.poll(() => switcher.textContent()).toContain("Phòng khám An Bình");
    expect(await scrollsSideways(page)).toBe(false);

    // Billing is the owner's: the colleague is told so, and shown no plan or card.
    await page.goto("/vi/billing");
    await page.getByText("Chỉ chủ sở hữu và quản trị viên").waitFor();

    // The second agent, picked in the switcher, is the one Files trains.
    await page.goto("/vi/setup/files");
    await page.getByTestId("agent-switcher").click();
    await page.getByTestId("agent-option").filter({ hasText: "Cơ sở Quận 3" }).click();
    await page.waitForLoadState("load");
    await expect.poll(() => page.getByTestId("agent-switcher").textContent()).toContain("Cơ sở Quận 3");
    const text = page.getByTestId("text-form");
    await text.getByLabel("Tên").fill("Giờ làm việc");
    await text.getByLabel("Điều trợ lý cần biết").fill("Cơ sở Quận 3 làm việc từ 7 giờ đến 19 giờ.");
    await text.getByRole("button", { name: "Thêm văn bản" }).click();
    await expect.poll(() => page.getByTestId("document").count(), { timeout: 15_000 }).toBe(1);

    const counts = await sql<{ name: string; n: number }>(
      `select a.name, count(d.id)::int as n from agents a left join documents d on d.agent_id = a.id
       where a.owner_id = $1 group by a.name order by a.name`,
      [owner.id],
    );
    expect(counts).toEqual([
      { name: "Cơ sở Quận 3", n: 1 },
      { name: "Phòng khám An Bình", n: 0 },
    ]);
    expect(pageErrors(page)).toEqual([]);
  });
});
