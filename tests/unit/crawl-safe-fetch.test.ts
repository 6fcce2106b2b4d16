import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CrawlError } from "@/lib/ingest/crawl/errors";
import { type Resolve, safeFetch } from "@/lib/ingest/crawl/safe-fetch";
import { html, type LocalSite, redirect, serveSite } from "../helpers/local-site";

let site: LocalSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function errorKey(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (err instanceof CrawlError) return err.key;
    throw err;
  }
}

const fast = { headersTimeoutMs: 300, totalTimeoutMs: 800, connectTimeoutMs: 500 };

describe("safeFetch", () => {
  it("fetches a loopback page when private addresses are allowed, naming AgentCity", async () => {
    site = await serveSite({ "/": html("<p>Xin chào</p>") });
    const res = await safeFetch(`${site.origin}/`, { allowPrivate: true });
    expect(res.status).toBe(200);
    expect(res.mime).toBe("text/html");
    expect(res.body).toContain("Xin chào");
    expect(site.lastHeaders.get("/")?.["user-agent"]).toMatch(/AgentCity/);
  });

  it("refuses 127.0.0.1 without allowPrivate and never opens a connection", async () => {
    site = await serveSite({ "/": html("secret") });
    expect(await errorKey(safeFetch(`${site.origin}/`))).toBe("url_blocked");
    expect(await errorKey(safeFetch(`http://2130706433:${site.port}/`))).toBe("url_blocked");
    expect(await errorKey(safeFetch(`http://0x7f.1:${site.port}/`))).toBe("url_blocked");
    expect(await errorKey(safeFetch(`http://[::1]:${site.port}/`))).toBe("url_blocked");
    expect(await errorKey(safeFetch("http://localhost/"))).toBe("url_blocked");
    expect(await errorKey(safeFetch(`http://localhost:${site.port}/`))).toBe("url_port");
    expect(site.connections()).toBe(0);
  });

  it("reads decimal and hex loopback literals as 127.0.0.1 (they do reach it when allowed)", async () => {
    site = await serveSite({ "/": html("<p>here</p>") });
    expect((await safeFetch(`http://2130706433:${site.port}/`, { allowPrivate: true })).body).toContain(
      "here",
    );
    expect((await safeFetch(`http://0x7f.1:${site.port}/`, { allowPrivate: true })).body).toContain("here");
  });

  it("never connects to IPv4-mapped loopback, even with allowPrivate", async () => {
    site = await serveSite({ "/": html("secret") });
    const key = await errorKey(safeFetch(`http://[::ffff:127.0.0.1]:${site.port}/`, { allowPrivate: true }));
    expect(key).toBe("url_blocked");
    expect(await errorKey(safeFetch(`http://[::ffff:7f00:1]:${site.port}/`, { allowPrivate: true }))).toBe(
      "url_blocked",
    );
    expect(site.connections()).toBe(0);
  });

  it("refuses a redirect to the metadata service or a private network even with allowPrivate", async () => {
    site = await serveSite({
      "/meta": redirect("http://169.254.169.254/latest/meta-data"),
      "/ten": redirect("http://10.0.0.1/"),
      "/mapped": redirect("http://[::ffff:a9fe:a9fe]/"),
      "/decimal": redirect("http://2852039166/"),
      "/ftp": redirect("ftp://example.com/file"),
    });
    for (const path of ["/meta", "/ten", "/mapped", "/decimal"]) {
      expect(await errorKey(safeFetch(`${site.origin}${path}`, { allowPrivate: true }))).toBe("url_blocked");
    }
    expect(await errorKey(safeFetch(`${site.origin}/ftp`, { allowPrivate: true }))).toBe("url_invalid");
  });

  it("refuses a public page that redirects to loopback when private addresses are not allowed", async () => {
    // "public.example" is served by the local site through the injected resolver, then sends us to 127.0.0.1.
    site = await serveSite({ "/": redirect("http://127.0.0.1/admin") });
    const port = site.port;
    let asked = 0;
    const resolve: Resolve = async () => {
      asked++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    // Resolved to loopback, so refused at connect time: no connection at all.
    expect(
      await errorKey(safeFetch(`http://public.example:${port}/`, { resolve, allowPrivate: false })),
    ).toBe("url_port");
    expect(await errorKey(safeFetch("http://public.example/", { resolve }))).toBe("url_blocked");
    expect(asked).toBe(1);
    expect(site.connections()).toBe(0);
  });

  it("follows at most 5 redirects, each hop checked", async () => {
    const routes: Record<string, ReturnType<typeof redirect>> = {};
    for (let i = 0; i < 7; i++) routes[`/r${i}`] = redirect(`/r${i + 1}`, i % 2 ? 301 : 307);
    routes["/r7"] = html("<p>end</p>");
    site = await serveSite(routes);
    expect(await errorKey(safeFetch(`${site.origin}/r1`, { allowPrivate: true }))).toBe("too_many_redirects");
    const ok = await safeFetch(`${site.origin}/r2`, { allowPrivate: true });
    expect(ok.url).toBe(`${site.origin}/r7`);
    expect(site.hits.filter((h) => h === "/r7")).toHaveLength(1);
  });

  it("cuts off a server that never answers, and one that trickles its body", async () => {
    site = await serveSite({
      "/silent": () => {},
      "/trickle": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const timer = setInterval(() => res.write("<p>.</p>"), 100);
        res.on("close", () => clearInterval(timer));
      },
    });
    let t = performance.now();
    expect(await errorKey(safeFetch(`${site.origin}/silent`, { allowPrivate: true, ...fast }))).toBe(
      "timeout",
    );
    expect(performance.now() - t).toBeLessThan(2_000);
    t = performance.now();
    expect(await errorKey(safeFetch(`${site.origin}/trickle`, { allowPrivate: true, ...fast }))).toBe(
      "timeout",
    );
    expect(performance.now() - t).toBeLessThan(2_000);
  });

  it("stops downloading past the size cap, declared or not, compressed or not", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    let streamed = 0;
    site = await serveSite({
      "/declared": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html", "content-length": String(5_000_000) });
        res.write(chunk);
      },
      "/endless": (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const write = () => {
          while (streamed < 50_000_000 && res.write(chunk)) streamed += chunk.length;
          if (streamed < 50_000_000 && !res.destroyed) res.once("drain", write);
        };
        write();
      },
      "/bomb": (_req, res) => {
        res
          .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
          .end(gzipSync(Buffer.alloc(20_000_000, "a")));
      },
    });
    const opts = { allowPrivate: true, maxBytes: 256 * 1024 };
    expect(await errorKey(safeFetch(`${site.origin}/declared`, opts))).toBe("too_large");
    expect(await errorKey(safeFetch(`${site.origin}/endless`, opts))).toBe("too_large");
    expect(streamed).toBeLessThan(20_000_000);
    expect(await errorKey(safeFetch(`${site.origin}/bomb`, opts))).toBe("too_large");
  });

  it("decompresses gzip and decodes the declared charset", async () => {
    site = await serveSite({
      "/gz": (_req, res) => {
        res
          .writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" })
          .end(gzipSync("<p>Thành phố Hồ Chí Minh</p>"));
      },
      "/latin1": (_req, res) => {
        res
          .writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
          .end(Buffer.from("<p>café</p>", "latin1"));
      },
    });
    expect((await safeFetch(`${site.origin}/gz`, { allowPrivate: true })).body).toBe(
      "<p>Thành phố Hồ Chí Minh</p>",
    );
    expect((await safeFetch(`${site.origin}/latin1`, { allowPrivate: true })).body).toBe("<p>café</p>");
  });

  it("answers http_<status> and not_html", async () => {
    site = await serveSite({
      "/png": (_req, res) => {
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(10));
      },
      "/gone": html("gone", 410),
      "/boom": html("boom", 503),
    });
    const o = { allowPrivate: true };
    expect(await errorKey(safeFetch(`${site.origin}/png`, o))).toBe("not_html");
    expect(await errorKey(safeFetch(`${site.origin}/missing`, o))).toBe("http_404");
    expect(await errorKey(safeFetch(`${site.origin}/gone`, o))).toBe("http_410");
    expect(await errorKey(safeFetch(`${site.origin}/boom`, o))).toBe("http_503");
  });

  it("answers url_unreachable for a closed port and an unknown name, url_invalid for junk", async () => {
    site = await serveSite({});
    const closedPort = site.port;
    await site.close();
    site = undefined;
    expect(await errorKey(safeFetch(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }))).toBe(
      "url_unreachable",
    );
    const nx: Resolve = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await errorKey(safeFetch("https://no-such-host.example/", { resolve: nx }))).toBe(
      "url_unreachable",
    );
    expect(await errorKey(safeFetch("not a url"))).toBe("url_invalid");
  });
});

describe("DNS rebinding", () => {
  it("a public-looking name that resolves to 127.0.0.1 is refused at connect time", async () => {
    site = await serveSite({ "/": html("<p>internal</p>") });
    const resolve: Resolve = async (host) =>
      host === "rebind.example" ? [{ address: "127.0.0.1", family: 4 }] : [];
    expect(await errorKey(safeFetch("http://rebind.example/", { resolve }))).toBe("url_blocked");
    expect(site.connections()).toBe(0);
  });

  it("the checked address is the one connected to: the name reaches the local site only through the resolver", async () => {
    site = await serveSite({ "/": html("<p>via resolver</p>") });
    const resolve: Resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const res = await safeFetch(`http://site.example:${site.port}/`, { resolve, allowPrivate: true });
    expect(res.body).toContain("via resolver");
    expect(site.lastHeaders.get("/")?.host).toBe(`site.example:${site.port}`);
  });

  it("a name whose answers mix public and private addresses is refused", async () => {
    site = await serveSite({ "/": html("x") });
    const resolve: Resolve = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    expect(
      await errorKey(safeFetch(`http://mixed.example:${site.port}/`, { resolve, allowPrivate: true })),
    ).toBe("url_blocked");
    expect(site.connections()).toBe(0);
  });

  it.each(["169.254.169.254", "10.0.0.1", "::ffff:127.0.0.1", "fd00::1", "fe80::1", "::", "64:ff9b::a00:1"])(
    "a name resolving to %s is refused even with allowPrivate",
    async (address) => {
      const resolve: Resolve = async () => [{ address, family: address.includes(":") ? 6 : 4 }];
      expect(await errorKey(safeFetch("http://evil.example/", { resolve, allowPrivate: true }))).toBe(
        "url_blocked",
      );
    },
  );
});
