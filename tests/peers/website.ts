import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small website on loopback for the crawler: a sitemap, robots.txt with a disallowed section, pages in
 * Vietnamese and English with navigation around the main text, a link loop and a page that redirects.
 */
export type WebsitePeer = { url: string; requests: () => string[]; stop: () => Promise<void> };

const layout = (title: string, main: string, links: string[] = []) => `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><title>${title}</title></head>
<body><header><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</nav></header>
<main><h1>${title}</h1>${main}</main><footer>© Tiệm bánh Hoa Mai</footer></body></html>`;

const pages: Record<string, string> = {
  "/": layout(
    "Tiệm bánh Hoa Mai",
    "<p>Tiệm bánh Hoa Mai ở Thành phố Hồ Chí Minh, mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.</p>",
    ["/menu", "/en/about", "/private/secret", "/loop/a"],
  ),
  "/menu": layout("Thực đơn", "<h2>Bánh mì</h2><p>Bánh mì thịt nướng giá 25.000 đồng một ổ.</p>", ["/"]),
  "/en/about": layout(
    "About us",
    "<p>Hoa Mai Bakery has baked bread in Ho Chi Minh City since 1998. Delivery is free above 200,000 dong.</p>",
    ["/"],
  ),
  "/loop/a": layout("Loop A", "<p>Trang vòng lặp A dẫn tới trang B.</p>", ["/loop/b"]),
  "/loop/b": layout("Loop B", "<p>Trang vòng lặp B dẫn lại trang A.</p>", ["/loop/a"]),
  "/private/secret": layout("Secret", "<p>This must never be learned: robots.txt forbids it.</p>"),
};

export async function startWebsitePeer(): Promise<WebsitePeer> {
  const seen: string[] = [];
  let base = "";
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seen.push(path);
    if (path === "/robots.txt") {
      res
        .writeHead(200, { "content-type": "text/plain" })
        .end(`User-agent: *\nDisallow: /private/\nSitemap: ${base}/sitemap.xml\n`);
      return;
    }
    if (path === "/sitemap.xml") {
      const urls = ["/", "/menu", "/en/about"].map((p) => `<url><loc>${base}${p}</loc></url>`).join("");
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        );
      return;
    }
    if (path === "/to-metadata") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      return;
    }
    const html = pages[path];
    if (!html) {
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests: () => [...seen],
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
