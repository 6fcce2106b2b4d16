import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { crawlSite } from "../../lib/ingest/crawl/crawl-site";

/**
 * npm run bench:crawl — crawler pages per second against a local site of 200 pages (about 8 KB of
 * HTML each: menu, footer, Vietnamese and English paragraphs, links to 20 other pages, a sitemap).
 * Loopback and no network latency: this measures the crawler's own cost (fetch, parse, extract, hash),
 * the ceiling a real site's response time then lowers. Figures only; never a pass/fail test.
 */
const PAGES = 200;

const paragraph = (i: number, j: number) =>
  `<p>Đoạn ${j} của trang ${i}: Thành phố Hồ Chí Minh là trung tâm kinh tế lớn nhất Việt Nam, với nhiều doanh nghiệp, trường học và bệnh viện. Paragraph ${j} of page ${i}: opening hours are Monday to Friday, 8:00 to 17:00, and the office is closed on public holidays.</p>`;

function render(i: number): string {
  const menu = Array.from(
    { length: 20 },
    (_, k) => `<li><a href="/p/${(i * 7 + k * 13) % PAGES}">Trang ${k}</a></li>`,
  );
  const body = Array.from({ length: 25 }, (_, j) => paragraph(i, j)).join("\n");
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Trang ${i}</title>
<style>body{font-family:sans-serif}</style><script>window.analytics=${JSON.stringify({ page: i })}</script></head>
<body><header><nav><ul>${menu.join("")}</ul></nav></header>
<main><h1>Trang số ${i}</h1>${body}<h2>Liên hệ</h2><p>Điện thoại 028 ${String(1000 + i)} 5678.</p></main>
<footer><p>© AgentCity bench</p></footer></body></html>`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://bench");
  const origin = `http://${req.headers.host}`;
  if (url.pathname === "/robots.txt") {
    res
      .writeHead(200, { "content-type": "text/plain" })
      .end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    return;
  }
  if (url.pathname === "/sitemap.xml") {
    const locs = Array.from({ length: PAGES / 2 }, (_, i) => `<url><loc>${origin}/p/${i * 2}</loc></url>`);
    res.writeHead(200, { "content-type": "application/xml" }).end(`<urlset>${locs.join("")}</urlset>`);
    return;
  }
  const m = /^\/p\/(\d+)$/.exec(url.pathname);
  const i = url.pathname === "/" ? 0 : m ? Number(m[1]) : -1;
  if (i < 0 || i >= PAGES) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(render(i));
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

console.log(
  `crawler against a local site of ${PAGES} pages (${(Buffer.byteLength(render(1)) / 1024).toFixed(1)} KB each, in-process server)`,
);
console.log("concurrency   pages   chars/page   seconds   pages/s");
try {
  // one warm-up so the first row does not pay for module compilation
  await crawlSite(`${origin}/`, { allowPrivate: true, maxPages: 20 });
  for (const concurrency of [1, 4, 8]) {
    let completed = 0;
    let chars = 0;
    const t = performance.now();
    await crawlSite(`${origin}/`, {
      allowPrivate: true,
      maxPages: PAGES,
      maxDepth: 50,
      concurrency,
      onPage: (p) => {
        if (p.status === "completed") {
          completed++;
          chars += p.characters;
        }
      },
    });
    const s = (performance.now() - t) / 1000;
    console.log(
      `${String(concurrency).padStart(11)}   ${String(completed).padStart(5)}   ${String(Math.round(chars / Math.max(1, completed))).padStart(10)}   ${s.toFixed(2).padStart(7)}   ${(completed / s).toFixed(0).padStart(7)}`,
    );
  }
} finally {
  server.closeAllConnections();
  server.close();
}
