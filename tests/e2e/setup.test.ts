import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { newPerson, type SignedIn, sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";

/** AGENT-1 in the browser: a new owner sets up the agent and opens its public page. */

const browser = browserPerFile();
const base = () => inject("baseUrl");

async function agentOf(s: SignedIn) {
  const res = await fetch(`${base()}/api/v1/agent`, { headers: { authorization: `Bearer ${s.access}` } });
  return { status: res.status, body: (await res.json()) as { data?: { id: string; name: string } } };
}

const shareInput = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

describe("setup in Vietnamese", () => {
  it("a new owner fills the form, is told the name is missing, saves, copies the link and opens the public page", async () => {
    const owner = await signInWithOidc(newPerson("Hoa"));
    const page = await browser.open("/vi/setup", { cookies: sessionCookies(owner) });
    await page.getByRole("heading", { name: "Thiết lập trợ lý", level: 1 }).waitFor();
    // No agent yet: no public link, and the training panel asks to save first.
    expect(await page.getByTestId("share-link").count()).toBe(0);
    expect(await page.getByTestId("training-progress").textContent()).toContain(
      "Hãy lưu trợ lý trước, rồi huấn luyện.",
    );

    // Who it speaks for changes what the name is called.
    await page.getByRole("radio", { name: /^Cá nhân/ }).click();
    const name = page.getByLabel("Tên của bạn", { exact: true });
    await name.waitFor();

    // Saving without a name: the API's field error appears beside the field, and nothing is stored.
    await page.getByRole("button", { name: "Tạo trợ lý" }).click();
    const nameError = page.locator(`[id="${await name.getAttribute("id")}-error"]`);
    await nameError.waitFor();
    expect(await nameError.textContent()).toBe("Trường này là bắt buộc.");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect((await agentOf(owner)).status).toBe(404);

    await name.fill("Bác sĩ Nguyễn Thị Hoa");
    expect(await nameError.count()).toBe(0);
    // The default greeting is previewed while the field is empty.
    expect(await page.getByLabel("Lời chào").getAttribute("placeholder")).toBe(
      "Xin chào! Tôi là trợ lý của Bác sĩ Nguyễn Thị Hoa. Tôi có thể giúp gì cho bạn?",
    );
    await page
      .getByRole("textbox", { name: "Câu hỏi gợi ý 1", exact: true })
      .fill("Phòng khám mở cửa lúc mấy giờ?");
    await page.getByRole("button", { name: "Thêm câu hỏi" }).click();
    await page
      .getByRole("textbox", { name: "Câu hỏi gợi ý 2", exact: true })
      .fill("Có cần đặt lịch trước không?");
    await page.getByRole("button", { name: "Thêm câu hỏi" }).click();
    await page.getByRole("textbox", { name: "Câu hỏi gợi ý 3", exact: true }).fill("Câu sẽ bị xóa");
    await page.getByRole("button", { name: "Xóa câu hỏi gợi ý 3" }).click();
    expect(await page.getByRole("textbox", { name: "Câu hỏi gợi ý 3", exact: true }).count()).toBe(0);
    await page
      .getByLabel("Hướng dẫn", { exact: true })
      .fill("Chỉ dẫn riêng: mã ưu đãi HOA-7731 chỉ dành cho bệnh nhân cũ.");
    await page.getByRole("radio", { name: "Luôn bằng tiếng Việt" }).click();
    await page.getByRole("button", { name: "Tạo trợ lý" }).click();

    await page
      .getByText("Trợ lý của bạn đã sẵn sàng. Hãy chia sẻ liên kết hoặc huấn luyện trợ lý.")
      .waitFor();
    const link = shareInput(page, "Liên kết công khai của trợ lý");
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${base()}/vi/c/agent_[A-Za-z0-9_-]{12}$`));
    const stored = await agentOf(owner);
    expect(stored.body.data?.name).toBe("Bác sĩ Nguyễn Thị Hoa");
    expect(url.endsWith(`/c/${stored.body.data?.id}`)).toBe(true);
    // The stored greeting now fills the field, and the button saves changes.
    expect(await page.getByLabel("Lời chào").inputValue()).toBe(
      "Xin chào! Tôi là trợ lý của Bác sĩ Nguyễn Thị Hoa. Tôi có thể giúp gì cho bạn?",
    );
    await page.getByRole("button", { name: "Lưu thay đổi" }).waitFor();
    expect(await page.getByRole("link", { name: "Quản lý tệp và huấn luyện" }).getAttribute("href")).toBe(
      "/vi/setup/files",
    );

    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base() });
    await page.getByRole("button", { name: "Sao chép liên kết" }).click();
    await page.getByText("Đã sao chép liên kết.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // After a reload the form starts from what is stored.
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByLabel("Tên của bạn", { exact: true }).inputValue()).toBe("Bác sĩ Nguyễn Thị Hoa");
    expect(await page.getByRole("textbox", { name: "Câu hỏi gợi ý 2", exact: true }).inputValue()).toBe(
      "Có cần đặt lịch trước không?",
    );
    expect(await page.getByRole("radio", { name: "Luôn bằng tiếng Việt" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(pageErrors(page)).toEqual([]);

    // A visitor, signed out, opens the link.
    const visitor = await browser.open(new URL(url).pathname);
    expect(await visitor.getAttribute("html", "lang")).toBe("vi");
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe("Bác sĩ Nguyễn Thị Hoa");
    await visitor.getByText("Trợ lý cá nhân").waitFor();
    expect(await visitor.getByTestId("agent-greeting").textContent()).toBe(
      "Xin chào! Tôi là trợ lý của Bác sĩ Nguyễn Thị Hoa. Tôi có thể giúp gì cho bạn?",
    );
    expect(await visitor.getByTestId("agent-questions").locator("li").allTextContents()).toEqual([
      "Phòng khám mở cửa lúc mấy giờ?",
      "Có cần đặt lịch trước không?",
    ]);
    expect(await visitor.content()).not.toContain("HOA-7731");
    expect(pageErrors(visitor)).toEqual([]);
  });
});

describe("setup in English", () => {
  it("saves a business agent, shows a question's error at its row, updates it, and the public page follows", async () => {
    const owner = await signInWithOidc(newPerson("Ada"));
    const page = await browser.open("/en/setup", { cookies: sessionCookies(owner) });
    await page.getByLabel("Company name", { exact: true }).fill("Acme Coffee");
    await page.getByLabel("Greeting").fill("Welcome to Acme! Ask me about our beans.");
    await page.getByRole("textbox", { name: "Suggested question 1", exact: true }).fill("Q".repeat(201));
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.getByText("At most 200 characters.").waitFor();
    expect(
      await page
        .getByRole("textbox", { name: "Suggested question 1", exact: true })
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect((await agentOf(owner)).status).toBe(404);

    await page
      .getByRole("textbox", { name: "Suggested question 1", exact: true })
      .fill("Where do your beans come from?");
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.getByText("Your agent is ready. Share its link or train it next.").waitFor();
    const url = await shareInput(page, "Public link of your agent").inputValue();
    expect(url).toMatch(new RegExp(`^${base()}/en/c/agent_`));

    await page.getByLabel("Company name", { exact: true }).fill("Acme Coffee Roasters");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your changes have been saved.").waitFor();
    expect((await agentOf(owner)).body.data?.name).toBe("Acme Coffee Roasters");
    // The link does not change with the name.
    expect(await shareInput(page, "Public link of your agent").inputValue()).toBe(url);
    expect(pageErrors(page)).toEqual([]);

    const visitor = await browser.open(new URL(url).pathname);
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe("Acme Coffee Roasters");
    await visitor.getByText("Business assistant").waitFor();
    expect(await visitor.getByTestId("agent-greeting").textContent()).toBe(
      "Welcome to Acme! Ask me about our beans.",
    );
    expect(await visitor.getByTestId("agent-questions").locator("li").allTextContents()).toEqual([
      "Where do your beans come from?",
    ]);
  });

  it.each([
    ["en", "Page Not Found"],
    ["vi", "Không tìm thấy trang"],
  ])("shows the not-found page in %s for an agent that does not exist", async (locale, title) => {
    const page = await browser.open(`/${locale}/c/agent_nobodyhere0`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe(locale);
    expect(await page.getByTestId("error-path").textContent()).toBe(`/${locale}/c/agent_nobodyhere0`);
  });
});
