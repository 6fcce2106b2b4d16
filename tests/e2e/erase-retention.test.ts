import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { scrollsSideways } from "../helpers/chat-ui";
import { sessionCookies } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";
import { call, person } from "../helpers/workspace-people";

/**
 * Issue 48 in the browser, on a phone in Vietnamese: the owner erases a visitor's conversations found by
 * their phone number from History (two steps, the count in a toast), keeps the others, and sets the
 * workspace to keep conversations 90 days.
 */
const browser = browserPerFile();

async function conversation(agentUuid: string, visitor: string, question: string) {
  const publicId = `conv_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const [conv] = await sql<{ id: string }>(
    `insert into conversations (public_id, agent_id, channel, visitor_id, title)
     values ($1, $2, 'public', $3, $4) returning id`,
    [publicId, agentUuid, visitor, question],
  );
  await sql(
    `insert into messages (public_id, conversation_id, agent_id, role, content)
     values ($1, $2, $3, 'user', $4), ($1 || 'a', $2, $3, 'assistant', 'Dạ vâng')`,
    [`msg_${publicId}`, conv!.id, agentUuid, question],
  );
}

describe("erasing a visitor and retention on a phone (vi)", () => {
  it("erases by phone number, keeps the rest, and keeps conversations 90 days", async () => {
    const owner = await person("e2e-erase");
    const made = await call<{ id: string }>(owner, "POST", "/api/v1/agent", { name: "Tiệm phở Hà" });
    const [agent] = await sql<{ id: string; workspace_id: string }>(
      "select id, workspace_id from agents where public_id = $1",
      [made.body.data.id],
    );
    await conversation(agent!.id, "v1", "Gọi lại cho tôi số 0901 234 567 nhé");
    await conversation(agent!.id, "v1", "Quán mở cửa mấy giờ?");
    await conversation(agent!.id, "v2", "Có chỗ đậu xe không?");

    const page = await browser.open("/vi/history", {
      viewport: "phone",
      locale: "vi-VN",
      touch: true,
      cookies: sessionCookies({ access: owner.token, renewal: owner.renewal }),
    });
    await page.getByTestId("history-data-controls").waitFor();
    await page.getByTestId("history-erase-visitor").click();
    const dialog = page.getByTestId("history-erase-dialog");
    await dialog.getByRole("radio", { name: "Số điện thoại" }).check();
    await dialog.getByTestId("history-erase-value").fill("+84 901 234 567");
    await dialog.getByTestId("history-erase-submit").click();
    await dialog.getByText("sẽ bị xoá và không thể khôi phục").waitFor();
    const [erased] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/v1/agent/conversations/erase")),
      dialog.getByTestId("history-erase-submit").click(),
    ]);
    expect(erased.status()).toBe(200);
    await page.getByText("Đã xoá 2 cuộc trò chuyện").waitFor();
    const left = await sql<{ title: string }>("select title from conversations where agent_id = $1", [
      agent!.id,
    ]);
    expect(left.map((r) => r.title)).toEqual(["Có chỗ đậu xe không?"]);

    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/v1/workspace") && r.request().method() === "PATCH"),
      page.getByTestId("history-retention").selectOption("90"),
    ]);
    expect(saved.status()).toBe(200);
    const [ws] = await sql<{ retention_days: number | null }>(
      "select retention_days from workspaces where id = $1",
      [agent!.workspace_id],
    );
    expect(ws?.retention_days).toBe(90);
    expect(await scrollsSideways(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });
});
