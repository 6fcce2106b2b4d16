import { describe, expect, it } from "vitest";
import { extractReadable } from "@/lib/ingest/crawl/readable";
import { parseRobots } from "@/lib/ingest/crawl/robots";
import { parseSitemap } from "@/lib/ingest/crawl/sitemap";
import { looksLikePage, normalizeUrl, sameSite } from "@/lib/ingest/crawl/url";

const at = (path: string) => `https://example.com${path}`;

describe("parseRobots", () => {
  it("prefers the AgentCity group, merging repeated groups, over *", () => {
    const robots = parseRobots(
      "User-agent: *\nDisallow: /\n\nUser-agent: agentcity/1.0\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n\nuser-agent: AGENTCITY\nDisallow: /c\n",
    );
    expect(robots.isAllowed(at("/"))).toBe(true);
    expect(robots.isAllowed(at("/a/x"))).toBe(false);
    expect(robots.isAllowed(at("/b"))).toBe(true);
    expect(robots.isAllowed(at("/c"))).toBe(false);
  });

  it("lets the longest match decide, Allow winning a tie", () => {
    const robots = parseRobots(
      "User-agent: *\nDisallow: /shop\nAllow: /shop/public\nDisallow: /shop/public/cart\nAllow: /x\nDisallow: /x\n",
    );
    expect(robots.isAllowed(at("/shop/items"))).toBe(false);
    expect(robots.isAllowed(at("/shop/public/shirts"))).toBe(true);
    expect(robots.isAllowed(at("/shop/public/cart"))).toBe(false);
    expect(robots.isAllowed(at("/x"))).toBe(true);
  });

  it("understands * and $, matches the query, ignores comments and empty Disallow", () => {
    const robots = parseRobots(
      "# comment\nUser-agent: * # everyone\nDisallow: /*.php$\nDisallow: /*?sessionid=\nDisallow:\nDisallow: /tin-tức/nháp\n",
    );
    expect(robots.isAllowed(at("/index.php"))).toBe(false);
    expect(robots.isAllowed(at("/index.php?x=1"))).toBe(true);
    expect(robots.isAllowed(at("/page?sessionid=42"))).toBe(false);
    expect(robots.isAllowed(at("/page?lang=vi"))).toBe(true);
    expect(robots.isAllowed(at("/tin-tức/nháp/1"))).toBe(false);
    expect(robots.isAllowed(at("/tin-tức/bai-1"))).toBe(true);
  });

  it("reads Crawl-delay of the chosen group and every Sitemap line; robots.txt itself stays allowed", () => {
    const robots = parseRobots(
      "Sitemap: https://example.com/s1.xml\nUser-agent: *\nCrawl-delay: 10\nDisallow: /\nUser-agent: AgentCity\nCrawl-delay: 2\nSitemap: https://example.com/s2.xml\n",
    );
    expect(robots.crawlDelay).toBe(2);
    expect(robots.sitemaps).toEqual(["https://example.com/s1.xml", "https://example.com/s2.xml"]);
    expect(parseRobots("User-agent: *\nDisallow: /\n").isAllowed(at("/robots.txt"))).toBe(true);
    expect(parseRobots("garbage\n\u0000\nDisallow /x").isAllowed(at("/x"))).toBe(true);
  });
});

describe("parseSitemap", () => {
  it("reads url and sitemap locations, not image locations", () => {
    const map = parseSitemap(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
      <url><loc> https://example.com/a?x=1&amp;y=2 </loc><image:image><image:loc>https://example.com/i.png</image:loc></image:image></url>
      <url><loc>https://example.com/b</loc></url></urlset>`,
    );
    expect(map.pages).toEqual(["https://example.com/a?x=1&y=2", "https://example.com/b"]);
    expect(map.sitemaps).toEqual([]);
    const index = parseSitemap(
      "<sitemapindex><sitemap><loc>https://example.com/s1.xml</loc></sitemap><sitemap><loc>https://example.com/s2.xml</loc></sitemap></sitemapindex>",
    );
    expect(index).toEqual({
      pages: [],
      sitemaps: ["https://example.com/s1.xml", "https://example.com/s2.xml"],
    });
  });

  it("expands no external or custom entities (XXE, billion laughs)", () => {
    const map = parseSitemap(
      `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <urlset><url><loc>https://example.com/&xxe;</loc></url><url><loc>https://example.com/&b;</loc></url></urlset>`,
    );
    expect(map.pages.join(" ")).not.toContain("root:");
    expect(map.pages.join(" ")).not.toContain("aaaaaaaaaa");
  });

  it("caps the number of locations", () => {
    const xml = `<urlset>${Array.from({ length: 100 }, (_, i) => `<url><loc>https://e.com/${i}</loc></url>`).join("")}</urlset>`;
    expect(parseSitemap(xml, 10).pages).toHaveLength(10);
  });
});

describe("normalizeUrl", () => {
  it("drops fragments, tracking parameters and default ports, sorts the rest, lower-cases the host", () => {
    expect(normalizeUrl("HTTPS://Example.COM:443/Path?b=2&utm_source=x&a=1&fbclid=abc&gclid=z#frag")).toBe(
      "https://example.com/Path?a=1&b=2",
    );
    expect(normalizeUrl("http://example.com:80/?utm_medium=y")).toBe("http://example.com/");
    expect(normalizeUrl("../x?q=a b", "https://example.com/dir/page")).toBe("https://example.com/x?q=a+b");
    expect(normalizeUrl("http://example.com./a")).toBe("http://example.com/a");
  });

  it("answers null for what is not an http(s) address", () => {
    expect(normalizeUrl("mailto:a@b.c")).toBeNull();
    expect(normalizeUrl("javascript:void(0)")).toBeNull();
    expect(normalizeUrl("http://")).toBeNull();
    expect(normalizeUrl("tel:+84123")).toBeNull();
  });

  it("treats www. and the bare host as one site, subdomains as others", () => {
    expect(sameSite("https://www.example.com/a", "http://example.com/")).toBe(true);
    expect(sameSite("https://blog.example.com/", "https://example.com/")).toBe(false);
    expect(sameSite("https://example.com.evil.test/", "https://example.com/")).toBe(false);
  });

  it("knows file links are not pages", () => {
    expect(looksLikePage("https://e.com/report.PDF")).toBe(false);
    expect(looksLikePage("https://e.com/logo.png?v=2")).toBe(false);
    expect(looksLikePage("https://e.com/about")).toBe(true);
    expect(looksLikePage("https://e.com/page.html")).toBe(true);
  });
});

describe("extractReadable", () => {
  it("keeps <main> only, drops menus, scripts, forms and hidden parts, keeps list and table text", () => {
    const r = extractReadable(
      `<html><head><title>T</title><script>var s = "<p>no</p>";</script><style>p{}</style></head><body>
      <header><a href="/home">Home</a><h1>Site name</h1></header>
      <div role="navigation"><a href="/menu">Menu</a></div>
      <main><h2>Menu of the day</h2><p>Phở bò &amp; bún chả</p><ul><li>Tea</li><li>Coffee</li></ul>
      <table><tr><th>Day</th><th>Hours</th></tr><tr><td>Mon</td><td>8–17</td></tr></table>
      <div hidden>hidden text</div><p style="display: none">invisible</p><p aria-hidden="true">aria hidden</p>
      <form><input value="x"><button>Send</button></form><noscript>enable js</noscript></main>
      <footer>Footer text</footer></body></html>`,
      "https://example.com/",
    );
    expect(r.text).toBe("## Menu of the day\nPhở bò & bún chả\n- Tea\n- Coffee\nDay | Hours\nMon | 8–17");
    expect(r.title).toBe("T");
    expect(r.links).toEqual(["https://example.com/home", "https://example.com/menu"]);
  });

  it("falls back to <article>, then to the body without its chrome", () => {
    const article = extractReadable(
      "<body><div>teaser</div><article><h1>Story</h1><p>Body</p></article></body>",
      "https://e.com/",
    );
    expect(article.text).toBe("# Story\nBody");
    const body = extractReadable(
      "<body><nav>menu</nav><div><h1>Plain</h1><p>Just a page</p></div><aside>ads</aside></body>",
      "https://e.com/",
    );
    expect(body.text).toBe("# Plain\nJust a page");
    expect(body.title).toBe("Plain");
  });

  it("reads robots meta, canonical and <base>, and leaves nofollow links out", () => {
    const r = extractReadable(
      `<head><base href="https://cdn.example.com/docs/"><meta name="robots" content="NOINDEX, nofollow"><link rel="canonical" href="/canon"></head>
       <body><a href="page">p</a><a href="https://x.com/ad" rel="sponsored nofollow">ad</a><a href="mailto:a@b.c">m</a><p>x</p></body>`,
      "https://example.com/",
    );
    expect(r.noindex).toBe(true);
    expect(r.nofollow).toBe(true);
    expect(r.canonical).toBe("https://cdn.example.com/canon");
    expect(r.links).toEqual(["https://cdn.example.com/docs/page"]);
  });

  it("normalises decomposed Vietnamese to NFC and survives broken markup", () => {
    const nfd = "Hà Nội mùa thu".normalize("NFD");
    const r = extractReadable(`<h2>${nfd}<p>Phố cổ <b>đẹp</p></div></span><p>unclosed`, "https://e.com/");
    expect(r.text).toBe("## Hà Nội mùa thu\nPhố cổ đẹp\nunclosed");
    expect(r.text).toBe(r.text.normalize("NFC"));
    expect(r.sections[0]).toEqual({ heading: "Hà Nội mùa thu", level: 2, text: "Phố cổ đẹp\nunclosed" });
  });
});
