import { afterEach, describe, expect, it } from "vitest";
import { checkSite } from "@/lib/ingest/crawl/check-site";
import type { Resolve } from "@/lib/ingest/crawl/safe-fetch";
import { html, type LocalSite, redirect, serveSite, text } from "../helpers/local-site";

let site: LocalSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const loopback: Resolve = async () => [{ address: "127.0.0.1", family: 4 }];

describe("checkSite", () => {
  it.each([
    ["", "url_invalid"],
    ["   ", "url_invalid"],
    ["not a url", "url_invalid"],
    ["javascript:alert(1)", "url_invalid"],
    ["mailto:someone@example.com", "url_invalid"],
    ["ftp://example.com/", "url_invalid"],
    ["file:///etc/passwd", "url_invalid"],
    ["https://", "url_invalid"],
    ["intranet", "url_invalid"],
    ["https://user:secret@example.com/", "url_credentials"],
    ["example.com:8080", "url_port"],
    ["http://127.0.0.1/", "url_blocked"],
    ["http://2130706433/", "url_blocked"],
    ["169.254.169.254/latest/meta-data", "url_blocked"],
    ["http://[::1]/", "url_blocked"],
    ["http://[fd00::1]/", "url_blocked"],
    [`https://example.com/${"a".repeat(2100)}`, "url_invalid"],
  ])("refuses %j with %s before any request", async (input, error) => {
    expect(await checkSite(input)).toEqual({ ok: false, error });
  });

  it("accepts a reachable site, adding the scheme and falling back to http when https does not answer", async () => {
    site = await serveSite({ "/about": html("<p>About us</p>") });
    const result = await checkSite(`shop.example:${site.port}/about#team`, {
      allowPrivate: true,
      resolve: loopback,
    });
    expect(result).toEqual({ ok: true, url: `http://shop.example:${site.port}/about` });
  });

  it("answers with the address the site redirects to when it stays on the site", async () => {
    site = await serveSite({ "/": redirect("/vi/"), "/vi/": html("<p>Xin chào</p>") });
    const result = await checkSite(`http://www.shop.example:${site.port}/?utm_source=ad`, {
      allowPrivate: true,
      resolve: loopback,
    });
    expect(result).toEqual({ ok: true, url: `http://www.shop.example:${site.port}/vi/` });
  });

  it("says why a site cannot be used: missing page, not a web page, nothing listening, rebinding", async () => {
    site = await serveSite({ "/file.zip": text("PK", "application/zip") });
    const o = { allowPrivate: true, resolve: loopback };
    expect(await checkSite(`http://shop.example:${site.port}/nope`, o)).toEqual({
      ok: false,
      error: "http_404",
    });
    expect(await checkSite(`http://shop.example:${site.port}/file.zip`, o)).toEqual({
      ok: false,
      error: "not_html",
    });
    const port = site.port;
    await site.close();
    site = undefined;
    expect(await checkSite(`shop.example:${port}`, o)).toEqual({ ok: false, error: "url_unreachable" });
    expect(await checkSite("https://rebind.example/", { resolve: loopback })).toEqual({
      ok: false,
      error: "url_blocked",
    });
  });
});
