import { afterEach, describe, expect, it } from "vitest";
import { type CrawlOptions, type CrawlPage, crawlSite } from "@/lib/ingest/crawl/crawl-site";
import { CrawlError } from "@/lib/ingest/crawl/errors";
import type { Resolve } from "@/lib/ingest/crawl/safe-fetch";
import { html, type LocalSite, page, redirect, serveSite, text } from "../helpers/local-site";

let site: LocalSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function crawl(start: string, options: CrawlOptions = {}) {
  const pages: CrawlPage[] = [];
  const result = await crawlSite(start, {
    allowPrivate: true,
    limits: { headersTimeoutMs: 300, totalTimeoutMs: 800 },
    ...options,
    onPage: (p) => {
      pages.push(p);
    },
  });
  const byPath = (status: CrawlPage["status"]) =>
    pages
      .filter((p) => p.status === status)
      .map((p) => new URL(p.url).pathname + new URL(p.url).search)
      .sort();
  return {
    result,
    pages,
    completed: byPath("completed"),
    failed: byPath("failed"),
    skipped: byPath("skipped"),
  };
}

describe("crawlSite", () => {
  it("seeds from the sitemap index and its sitemaps, and follows links", async () => {
    site = await serveSite((_req, res, url) => {
      const o = `http://127.0.0.1:${(res.socket?.localPort ?? 0).toString()}`;
      const routes: Record<string, () => void> = {
        "/robots.txt": () =>
          res.writeHead(200, { "content-type": "text/plain" }).end(`Sitemap: ${o}/index.xml\n`),
        "/index.xml": () =>
          res
            .writeHead(200, { "content-type": "application/xml" })
            .end(
              `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${o}/a.xml</loc></sitemap><sitemap><loc>${o}/b.xml</loc></sitemap></sitemapindex>`,
            ),
        "/a.xml": () =>
          res
            .writeHead(200, { "content-type": "application/xml" })
            .end(
              `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${o}/only-in-sitemap-a</loc></url></urlset>`,
            ),
        "/b.xml": () =>
          res
            .writeHead(200, { "content-type": "text/xml" })
            .end(
              `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>${o}/only-in-sitemap-b?utm_source=x</loc><image:image><image:loc>${o}/pic.html</image:loc></image:image></url></urlset>`,
            ),
        "/": () => html(page("Home", "<p>Welcome home</p>", ["/linked"]))(_req, res, url),
        "/linked": () => html(page("Linked", "<p>Reached by a link</p>"))(_req, res, url),
        "/only-in-sitemap-a": () => html(page("A", "<p>Only the sitemap knows A</p>"))(_req, res, url),
        "/only-in-sitemap-b": () => html(page("B", "<p>Only the sitemap knows B</p>"))(_req, res, url),
      };
      const route = routes[url.pathname];
      if (!route) return false;
      route();
    });
    const { completed, result, pages } = await crawl(`${site.origin}/`);
    expect(completed).toEqual(["/", "/linked", "/only-in-sitemap-a", "/only-in-sitemap-b"]);
    expect(result).toMatchObject({ completed: 4, failed: 0, skipped: 0, stoppedBy: "exhausted" });
    expect(site.hits).not.toContain("/pic.html");
    const b = pages.find((p) => p.url.endsWith("/only-in-sitemap-b"))!;
    expect(b.title).toBe("B");
    expect(b.text).toBe("# B\nOnly the sitemap knows B");
    expect(b.characters).toBe(b.text!.length);
    expect(b.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("falls back to /sitemap.xml when robots.txt names none", async () => {
    site = await serveSite({
      "/": html(page("Home", "<p>Home page</p>")),
      "/sitemap.xml": (_req, res) => {
        res
          .writeHead(200, { "content-type": "application/xml" })
          .end(`<urlset><url><loc>http://127.0.0.1:${site!.port}/hidden</loc></url></urlset>`);
      },
      "/hidden": html(page("Hidden", "<p>Linked from nowhere</p>")),
    });
    const { completed } = await crawl(`${site.origin}/`);
    expect(completed).toEqual(["/", "/hidden"]);
  });

  it("honours robots.txt: our group over *, longest match, and never fetches what is disallowed", async () => {
    site = await serveSite({
      "/robots.txt": text(
        "User-agent: *\nDisallow: /\n\nUser-agent: AgentCity\nDisallow: /private\nAllow: /private/open\nDisallow: /*.cgi$\n",
      ),
      "/": html(page("Home", "<p>Home</p>", ["/private/secret", "/private/open/ok", "/public", "/run.cgi"])),
      "/private/secret": html(page("Secret", "<p>Secret</p>")),
      "/private/open/ok": html(page("Open", "<p>Open part</p>")),
      "/public": html(page("Public", "<p>Public</p>")),
      "/run.cgi": html(page("Cgi", "<p>cgi</p>")),
    });
    const { completed, skipped, pages } = await crawl(`${site.origin}/`);
    expect(completed).toEqual(["/", "/private/open/ok", "/public"]);
    expect(skipped).toEqual(["/private/secret", "/run.cgi"]);
    expect(pages.filter((p) => p.status === "skipped").map((p) => p.error)).toEqual([
      "robots_disallowed",
      "robots_disallowed",
    ]);
    expect(site.hits).not.toContain("/private/secret");
    expect(site.hits).not.toContain("/run.cgi");
  });

  it("treats a robots.txt that errors with 5xx as disallowing everything", async () => {
    site = await serveSite({
      "/robots.txt": html("down", 503),
      "/": html(page("Home", "<p>Home</p>")),
    });
    const { skipped, pages } = await crawl(`${site.origin}/`);
    expect(skipped).toEqual(["/"]);
    expect(pages[0]?.error).toBe("robots_disallowed");
    expect(site.hits).toEqual(["/robots.txt"]);
  });

  it("visits each page of a link loop once", async () => {
    site = await serveSite({
      "/a": html(page("A", "<p>Page A</p>", ["/b", "/a#top", "/a?utm_source=loop"])),
      "/b": html(page("B", "<p>Page B</p>", ["/a", "/b/"])),
      "/b/": html(page("B slash", "<p>Page B slash</p>", ["/a", "/b"])),
    });
    const { completed } = await crawl(`${site.origin}/a`);
    expect(completed).toEqual(["/a", "/b", "/b/"]);
    expect(site.hits.filter((h) => h.startsWith("/a"))).toEqual(["/a"]);
  });

  it("stops an endless calendar at the depth limit", async () => {
    site = await serveSite({
      "/": html(page("Home", "<p>Home</p>", ["/calendar?month=1"])),
      "/calendar": (_req, res, url) => {
        const month = Number(url.searchParams.get("month"));
        html(page(`Month ${month}`, `<p>Events of month ${month}</p>`, [`/calendar?month=${month + 1}`]))(
          _req,
          res,
          url,
        );
      },
    });
    const { completed, result } = await crawl(`${site.origin}/`, { maxDepth: 4, maxPages: 100 });
    expect(completed).toEqual([
      "/",
      "/calendar?month=1",
      "/calendar?month=2",
      "/calendar?month=3",
      "/calendar?month=4",
    ]);
    expect(result.stoppedBy).toBe("exhausted");
  });

  it("stops an endless calendar at the page limit, fetching exactly that many pages", async () => {
    site = await serveSite({
      "/": html(page("Home", "<p>Home</p>", ["/calendar?month=1"])),
      "/calendar": (_req, res, url) => {
        const month = Number(url.searchParams.get("month"));
        const links = [`/calendar?month=${month + 1}`, `/calendar?month=${month + 2}`];
        html(page(`Month ${month}`, `<p>Events of month ${month}</p>`, links))(_req, res, url);
      },
    });
    const { completed, result } = await crawl(`${site.origin}/`, {
      maxDepth: 1000,
      maxPages: 12,
      concurrency: 4,
    });
    expect(completed).toHaveLength(12);
    expect(result).toMatchObject({ completed: 12, stoppedBy: "page_limit" });
    expect(site.hits.filter((h) => h.startsWith("/calendar") || h === "/")).toHaveLength(12);
  });

  it("respects the page limit exactly on a wide site with concurrency", async () => {
    const links = Array.from({ length: 60 }, (_, i) => `/p${i}`);
    const routes: Record<string, ReturnType<typeof html>> = { "/": html(page("Home", "<p>Home</p>", links)) };
    for (const l of links) routes[l] = html(page(l, `<p>Content of ${l}</p>`));
    site = await serveSite(routes);
    const { completed, pages } = await crawl(`${site.origin}/`, { maxPages: 7, concurrency: 5 });
    expect(completed).toHaveLength(7);
    expect(pages).toHaveLength(7);
    expect(site.hits.filter((h) => h !== "/robots.txt" && h !== "/sitemap.xml")).toHaveLength(7);
  });

  it("keeps a page reachable under two addresses once (same readable text)", async () => {
    const body = page("Giới thiệu", "<p>Chúng tôi là một công ty ở Đà Nẵng.</p>");
    site = await serveSite({
      "/": html(page("Home", "<p>Home</p>", ["/about", "/gioi-thieu"])),
      "/about": html(body),
      "/gioi-thieu": html(body.replace("© footer", "© other footer")),
    });
    const { completed, skipped, pages } = await crawl(`${site.origin}/`, { concurrency: 1 });
    expect(completed).toEqual(["/", "/about"]);
    expect(skipped).toEqual(["/gioi-thieu"]);
    expect(pages.find((p) => p.status === "skipped")?.error).toBe("duplicate");
  });

  it("skips non-HTML, reports failures with their key, and does not request file links", async () => {
    site = await serveSite({
      "/": html(page("Home", "<p>Home</p>", ["/data", "/missing", "/slow", "/big", "/report.pdf", "/empty"])),
      "/data": text('{"a":1}', "application/json"),
      "/slow": () => {},
      "/big": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" }).end(`<p>${"x".repeat(300_000)}</p>`);
      },
      "/empty": html("<html><body><nav><a href='/'>home</a></nav></body></html>"),
    });
    const { pages } = await crawl(`${site.origin}/`, {
      limits: { headersTimeoutMs: 200, totalTimeoutMs: 400, maxBytes: 100_000 },
    });
    const status = Object.fromEntries(
      pages.map((p) => [new URL(p.url).pathname, `${p.status}:${p.error ?? ""}`]),
    );
    expect(status).toEqual({
      "/": "completed:",
      "/data": "skipped:not_html",
      "/missing": "failed:http_404",
      "/slow": "failed:timeout",
      "/big": "failed:too_large",
      "/empty": "skipped:no_text",
    });
    expect(site.hits).not.toContain("/report.pdf");
  });

  it("fails a page that redirects to a private address, and crawls the rest", async () => {
    site = await serveSite({
      "/": html(page("Home", "<p>Home</p>", ["/meta", "/ten", "/ok"])),
      "/meta": redirect("http://169.254.169.254/latest/meta-data"),
      "/ten": redirect("http://10.0.0.1/"),
      "/ok": html(page("Ok", "<p>fine</p>")),
    });
    const { completed, failed, pages } = await crawl(`${site.origin}/`);
    expect(completed).toEqual(["/", "/ok"]);
    expect(failed).toEqual(["/meta", "/ten"]);
    expect(pages.filter((p) => p.status === "failed").every((p) => p.error === "url_blocked")).toBe(true);
  });

  it("refuses to start on loopback without allowPrivate, connecting nowhere", async () => {
    site = await serveSite({ "/": html(page("Home", "<p>Home</p>")) });
    const err = await crawlSite(`${site.origin}/`, { allowPrivate: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CrawlError);
    expect((err as CrawlError).key).toBe("url_blocked");
    expect(site.connections()).toBe(0);
  });

  it("refuses a name that rebinds to loopback, connecting nowhere", async () => {
    site = await serveSite({ "/": html(page("Home", "<p>Home</p>")) });
    const resolve: Resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const err = await crawlSite("http://www.public-site.example/", { resolve }).catch((e: unknown) => e);
    expect((err as CrawlError).key).toBe("url_blocked");
    expect(site.connections()).toBe(0);
  });

  it("treats www. and the bare host as one site and leaves other hosts alone", async () => {
    site = await serveSite((req, res, url) => {
      const host = (req.headers.host ?? "").split(":")[0];
      const port = site!.port;
      if (url.pathname === "/robots.txt") return false;
      if (url.pathname === "/sitemap.xml") return false;
      if (host === "example.test" && url.pathname === "/") {
        html(
          page("Bare", "<p>Bare host</p>", [
            `http://www.example.test:${port}/www-page`,
            `http://blog.example.test:${port}/post`,
            `http://other.test:${port}/x`,
          ]),
        )(req, res, url);
        return;
      }
      if (host === "www.example.test") {
        html(page("Www", "<p>On www</p>"))(req, res, url);
        return;
      }
      html(page("Elsewhere", `<p>${host}</p>`))(req, res, url);
    });
    const resolve: Resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const { pages } = await crawl(`http://example.test:${site.port}/`, { resolve });
    expect(pages.map((p) => new URL(p.url).host.split(":")[0])).toEqual(["example.test", "www.example.test"]);
  });

  it("gives Vietnamese pages as NFC text with headings over their passages, without menus", async () => {
    const nfd = (s: string) => s.normalize("NFD");
    site = await serveSite({
      "/": html(
        `<!doctype html><html lang="vi"><head><title>${nfd("Thành phố Hồ Chí Minh")}</title></head><body>
        <header><nav><a href="/lien-he">Liên hệ</a> <a href="/">Trang chủ</a></nav></header>
        <aside>Quảng cáo</aside>
        <main><h1>${nfd("Thành phố Hồ Chí Minh")}</h1><p>${nfd("Thành phố lớn nhất Việt Nam.")}</p>
        <h2>${nfd("Giờ làm việc")}</h2><p>${nfd("Thứ Hai đến Thứ Sáu, 8 giờ – 17 giờ.")}</p>
        <form><label>Tìm kiếm</label><input name="q"></form></main>
        <footer>Bản quyền</footer><script>alert("x")</script></body></html>`,
      ),
      "/lien-he": html(page("Liên hệ", "<p>Điện thoại: 028 1234 5678</p>")),
    });
    const { pages } = await crawl(`${site.origin}/`);
    const home = pages.find((p) => new URL(p.url).pathname === "/")!;
    expect(home.title).toBe("Thành phố Hồ Chí Minh");
    expect(home.title).toBe(home.title!.normalize("NFC"));
    expect(home.text).toBe(
      "# Thành phố Hồ Chí Minh\nThành phố lớn nhất Việt Nam.\n\n## Giờ làm việc\nThứ Hai đến Thứ Sáu, 8 giờ – 17 giờ.",
    );
    expect(home.sections).toEqual([
      { heading: "Thành phố Hồ Chí Minh", level: 1, text: "Thành phố lớn nhất Việt Nam." },
      { heading: "Giờ làm việc", level: 2, text: "Thứ Hai đến Thứ Sáu, 8 giờ – 17 giờ." },
    ]);
    expect(pages.map((p) => new URL(p.url).pathname)).toEqual(["/", "/lien-he"]);
  });

  it("obeys Crawl-delay up to the cap", async () => {
    const times: number[] = [];
    site = await serveSite((req, res, url) => {
      if (url.pathname === "/robots.txt") return text("User-agent: *\nCrawl-delay: 0.15\n")(req, res, url);
      if (url.pathname === "/sitemap.xml") return false;
      times.push(performance.now());
      const n = Number(url.pathname.slice(2) || 0);
      html(page(`P${n}`, `<p>Page ${n}</p>`, n < 3 ? [`/p${n + 1}`, "/"] : []))(req, res, url);
    });
    await crawl(`${site.origin}/`, { concurrency: 4 });
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(140);

    await site.close();
    times.length = 0;
    site = await serveSite((req, res, url) => {
      if (url.pathname === "/robots.txt") return text("User-agent: *\nCrawl-delay: 3600\n")(req, res, url);
      if (url.pathname === "/sitemap.xml") return false;
      times.push(performance.now());
      html(page("One", "<p>One</p>", url.pathname === "/" ? ["/two"] : []))(req, res, url);
    });
    const t = performance.now();
    await crawl(`${site.origin}/`, { maxCrawlDelayMs: 100 });
    expect(times).toHaveLength(2);
    expect(performance.now() - t).toBeLessThan(1_000);
  });

  it("stops when aborted, rejecting with the signal's reason", async () => {
    const links = Array.from({ length: 30 }, (_, i) => `/p${i}`);
    const routes: Record<string, ReturnType<typeof html>> = { "/": html(page("Home", "<p>Home</p>", links)) };
    for (const l of links) {
      routes[l] = (req, res, url) => {
        setTimeout(() => html(page(l, `<p>${l}</p>`))(req, res, url), 50);
      };
    }
    site = await serveSite(routes);
    const controller = new AbortController();
    const seen: string[] = [];
    const run = crawlSite(`${site.origin}/`, {
      allowPrivate: true,
      concurrency: 2,
      signal: controller.signal,
      onPage: (p) => {
        seen.push(p.url);
        if (seen.length === 3) controller.abort(new Error("owner cancelled"));
      },
    });
    await expect(run).rejects.toThrow("owner cancelled");
    const after = site.hits.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(site.hits.length).toBe(after);
    expect(seen.length).toBeLessThanOrEqual(4);
  });

  it("stops when onPage throws, with that error", async () => {
    site = await serveSite({
      "/": html(page("Home", "<p>Home</p>", ["/a"])),
      "/a": html(page("A", "<p>A</p>")),
    });
    const run = crawlSite(`${site.origin}/`, {
      allowPrivate: true,
      onPage: () => {
        throw new Error("database is gone");
      },
    });
    await expect(run).rejects.toThrow("database is gone");
    expect(site.hits).not.toContain("/a");
  });

  it("refuses a start address that is not http(s)", async () => {
    await expect(crawlSite("ftp://example.com/")).rejects.toMatchObject({ key: "url_invalid" });
    await expect(crawlSite("javascript:alert(1)")).rejects.toMatchObject({ key: "url_invalid" });
  });
});
