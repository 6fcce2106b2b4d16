import { describe, expect, inject, it } from "vitest";
import { browserPerFile, pageErrors } from "../helpers/browser";
import { sessionCookies, signInWithOidc } from "../helpers/oidc-sign-in";

/**
 * AGENT-2…6 as an owner lives them in Vietnamese: files, a text snippet and the local website go in, the
 * statuses turn to learned, the website's pages show, two files go out after a confirmation with the count.
 */
const browser = browserPerFile();

describe("training the agent in Vietnamese", () => {
  it("sends an owner without an agent to setup first", async () => {
    const session = await signInWithOidc();
    const page = await browser.open("/vi/setup/files", { cookies: sessionCookies(session) });
    const note = page.getByTestId("needs-agent");
    await note.waitFor();
    await note.getByRole("link", { name: "Thiết lập trợ lý" }).click();
    await page.waitForURL((url) => url.pathname === "/vi/setup");
  });

  it("adds files, text and a website, watches them learned, and removes two with a confirmation", async () => {
    const session = await signInWithOidc();
    const created = await fetch(`${inject("baseUrl")}/api/v1/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.access}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Tiệm bánh Hoa Mai", kind: "business" }),
    });
    expect(created.status).toBe(201);
    const page = await browser.open("/vi/setup/files", { cookies: sessionCookies(session) });
    await page.getByText("Chưa có gì.", { exact: false }).waitFor();

    await page.getByTestId("file-input").setInputFiles([
      { name: "gio-mo-cua.txt", mimeType: "text/plain", buffer: Buffer.from("Mở cửa từ 7 giờ sáng.") },
      {
        name: "menu.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("# Thực đơn\n\nBánh mì 25.000 đồng."),
      },
      { name: "gia.csv", mimeType: "text/csv", buffer: Buffer.from("Món,Giá\nPhở,50.000\n") },
      { name: "virus.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);
    // The refused one is named with its reason; the others are listed.
    await page.getByText("virus.exe").first().waitFor();
    const docs = page.getByTestId("document");
    await expect.poll(() => docs.count(), { timeout: 15_000 }).toBe(3);

    const text = page.getByTestId("text-form");
    await text.getByLabel("Tên").fill("Giao hàng");
    await text.getByLabel("Điều trợ lý cần biết").fill("Giao hàng miễn phí trong 5 km.");
    await text.getByRole("button", { name: "Thêm văn bản" }).click();
    await expect.poll(() => docs.count(), { timeout: 15_000 }).toBe(4);

    const site = page.getByTestId("url-form");
    await site.getByLabel("Địa chỉ trang web").fill("http://10.0.0.1/");
    await site.getByRole("button", { name: "Thêm trang web" }).click();
    await site.getByRole("alert").waitFor();
    expect(await site.getByRole("alert").textContent()).toContain("Vui lòng nhập một địa chỉ URL khác");
    await site.getByLabel("Địa chỉ trang web").fill(inject("siteUrl"));
    await site.getByRole("button", { name: "Thêm trang web" }).click();
    await expect.poll(() => docs.count(), { timeout: 15_000 }).toBe(5);

    // Statuses change by themselves (the list polls while anything is learning).
    await expect.poll(() => page.locator('[data-status="completed"]').count(), { timeout: 60_000 }).toBe(5);
    const website = page.locator('[data-testid="document"]', { hasText: "127.0.0.1" });
    await website.getByRole("button", { name: "Các trang tìm thấy" }).click();
    await website.getByTestId("crawled-pages").waitFor();
    expect(await website.locator('[data-page-status="completed"]').count()).toBeGreaterThanOrEqual(3);
    // The website says when it was read and how often it is read again; "Crawl now" reads it again in the
    // background, its answers staying meanwhile (issue 44).
    await website.getByTestId("last-crawled").waitFor();
    expect(await website.getByTestId("last-crawled").textContent()).toContain("Thu thập lần cuối");
    expect(await website.getByTestId("recrawl-select").inputValue()).toBe("manual");
    const [recrawl] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/recrawl")),
      website.getByRole("button", { name: "Thu thập ngay" }).click(),
    ]);
    expect(recrawl.status()).toBe(200);
    expect(((await recrawl.json()) as { data: { status: string } }).data.status).toBe("completed");
    const [weekly] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "PATCH"),
      website.getByTestId("recrawl-select").selectOption("weekly"),
    ]);
    expect(weekly.status()).toBe(200);
    await website.getByTestId("next-crawl").waitFor();
    expect(await website.getByTestId("next-crawl").textContent()).toMatch(/lần tới/);

    // Remove two: the confirmation gives the count and says it cannot be undone.
    await page.getByRole("checkbox", { name: "Chọn gio-mo-cua.txt" }).check();
    await page.getByRole("checkbox", { name: "Chọn menu.md" }).check();
    await page.getByText("Đã chọn 2").waitFor();
    await page.getByTestId("remove-selected").click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Xóa 2 mục?");
    expect(await dialog.textContent()).toContain("Không thể hoàn tác");
    await dialog.getByRole("button", { name: "Xóa 2 mục" }).click();
    await expect.poll(() => docs.count(), { timeout: 15_000 }).toBe(3);
    expect(await page.locator('[data-name="gio-mo-cua.txt"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);

    // The setup page's panel agrees, once the website read again is learned (the list above may still have
    // shown it learned from before the re-read reached the server).
    await expect
      .poll(
        async () => {
          const res = await fetch(`${inject("baseUrl")}/api/v1/agent/documents`, {
            headers: { authorization: `Bearer ${session.access}` },
          });
          const body = (await res.json()) as { data: { status: string }[] };
          return body.data.map((d) => d.status);
        },
        { timeout: 60_000 },
      )
      .toEqual(["completed", "completed", "completed"]);
    await page.goto("/vi/setup", { waitUntil: "networkidle" });
    const summary = page.getByTestId("training-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toContain("3đã học");
  });
});
