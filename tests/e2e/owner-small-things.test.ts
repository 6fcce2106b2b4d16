import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { ownerApi } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { type SignedIn, sessionCookies } from "../helpers/oidc-sign-in";

/** Issue 43 item 22: the widget's frame in the owner's colour, and the API-keys example in the page's words. */
const browser = browserPerFile();
let owner: SignedIn;
let agentId: string;

beforeAll(async () => {
  ({ session: owner, agentId } = await ownerWithAgent({
    name: "Tiệm bánh Hoa Sen",
    suggested_questions: ["Tiệm có bánh sinh nhật không ạ?", "Do you deliver?"],
    texts: [{ title: "Bánh", content: "Tiệm có bánh sinh nhật, đặt trước một ngày." }],
  }));
});

describe("the widget's frame", () => {
  it.each([
    ["#ff5500", "rgb(255, 85, 0)", "rgb(17, 17, 17)"],
    ["#1e3a8a", "rgb(30, 58, 138)", "rgb(255, 255, 255)"],
  ])(
    "sends with the owner's launcher colour %s, its arrow readable on it",
    async (color, background, ink) => {
      const saved = await ownerApi(owner.access, "POST", "/api/v1/agent", {
        name: "Tiệm bánh Hoa Sen",
        suggested_questions: ["Tiệm có bánh sinh nhật không ạ?", "Do you deliver?"],
        widget: { color },
      });
      expect(saved.status).toBe(200);
      const page = await browser.open(`/vi/embed/${agentId}`, { viewport: "phone" });
      const send = page.getByTestId("composer").locator("button[type=submit]");
      await page.getByTestId("composer").locator("textarea").fill("Xin chào");
      const style = await send.evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, color: s.color };
      });
      expect(style.background).toBe(background);
      expect(style.color).toBe(ink);
      expect(pageErrors(page)).toEqual([]);
    },
  );
});

describe("the API keys page's example", () => {
  it("asks the agent's own first suggested question, quoted for the shell", async () => {
    const page = await browser.open("/vi/setup/api-keys", { cookies: sessionCookies(owner) });
    const example = page.getByTestId("curl-example");
    await example.waitFor();
    const command = (await example.locator("code").textContent()) ?? "";
    expect(command).toContain(`-d '{"content":"Tiệm có bánh sinh nhật không ạ?"}'`);
    expect(command).not.toContain("opening hours");
  });

  it("without suggested questions, asks one in the page's language", async () => {
    const { session } = await ownerWithAgent({
      name: "Quiet Shop",
      texts: [{ title: "Hours", content: "We open at 9." }],
    });
    const vi = await browser.open("/vi/setup/api-keys", { cookies: sessionCookies(session) });
    await vi.getByTestId("curl-example").waitFor();
    expect(await vi.getByTestId("curl-example").locator("code").textContent()).toContain(
      `'{"content":"Cửa hàng mở cửa lúc mấy giờ?"}'`,
    );
    const en = await browser.open("/en/setup/api-keys", { cookies: sessionCookies(session) });
    await en.getByTestId("curl-example").waitFor();
    expect(await en.getByTestId("curl-example").locator("code").textContent()).toContain(
      `'{"content":"What are your opening hours?"}'`,
    );
  });
});
