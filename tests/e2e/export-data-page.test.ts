import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import { browserPerFile } from "../helpers/browser";
import { signInWithCode } from "../helpers/session";

const browser = browserPerFile();

/** Settings → Data (issue 48): the owner exports from a phone in Vietnamese; the ready ZIP is listed on both. */
it("exports from Settings → Data on a phone and lists the download on a desktop", async () => {
  const base = inject("baseUrl");
  const signed = await signInWithCode(base, `shot-${randomUUID().slice(0, 8)}@example.com`, {
    from: "198.18.9.9",
  });
  const cookies = signed.cookies.map((c) => {
    const i = c.indexOf("=");
    return { name: c.slice(0, i), value: c.slice(i + 1), url: base };
  });
  const phone = await browser.open("/vi/settings/data", { viewport: "phone", touch: true, cookies });
  await phone.getByTestId("export-everything").click();
  await expect.poll(() => phone.locator('[data-state="ready"]').count(), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => phone.getByRole("link", { name: "Tải xuống" }).count()).toBe(1);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const desk = await browser.open("/en/settings/data", { cookies });
  await expect.poll(() => desk.getByRole("link", { name: "Download" }).count()).toBe(1);
  expect(await desk.getByRole("link", { name: "Download" }).getAttribute("href")).toMatch(
    /^\/api\/v1\/workspace\/export\/[0-9a-f-]{36}$/,
  );
});
