import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, get, htmlLang, layoutOf, pick, pngSize, titleOf } from "../helpers/http";
import { signInWithCode } from "../helpers/session";

/** Fetches each preview image once per run: many pages share one. */
const images = new Map<string, Promise<{ status: number; type: string | null; bytes: Buffer }>>();
function image(url: string) {
  const key = url.replaceAll("&amp;", "&");
  if (!images.has(key)) {
    images.set(
      key,
      fetch(key).then(async (res) => ({
        status: res.status,
        type: res.headers.get("content-type"),
        bytes: Buffer.from(await res.arrayBuffer()),
      })),
    );
  }
  return images.get(key)!;
}

const titles = {
  en: "AgentCity — AI powered conversations",
  vi: "AgentCity — Hội thoại thông minh cùng AI",
} as const;

// SHELL-1/2: every route of the spec's table, its layout, in both languages.
const routes: Array<[path: string, layout: string]> = [
  ["", "default"],
  ["/pricing", "default"],
  ["/setup", "chat"],
  ["/setup/files", "chat"],
  ["/history", "chat"],
  ["/billing", "chat"],
  ["/chat", "chat"],
  ["/c", "blank"],
  ["/c/agent_demo01", "blank"],
  ["/c/agent_demo01/conv_123456", "blank"],
  ["/ai", "blank"],
  ["/test-ban-phim", "blank"],
  ["/auth/google/callback", "blank"],
  ["/auth/oidc/callback", "blank"],
];

/** The chat-layout pages need a signed-in user (AUTH-6): they are fetched with a session cookie. */
let session = "";
beforeAll(async () => {
  const email = `routes-${randomBytes(4).toString("hex")}@example.test`;
  session = (await signInWithCode(baseUrl(), email)).cookies.join("; ");
});

describe.each(["en", "vi"] as const)("pages in %s", (locale) => {
  it.each(routes)(`/${locale}%s answers 200 with its layout, language and title`, async (path, layout) => {
    const { status, text } = await get(`/${locale}${path}`, layout === "chat" ? { cookie: session } : {});
    expect(status).toBe(200);
    expect(htmlLang(text)).toBe(locale);
    expect(layoutOf(text)).toBe(layout);
    expect(titleOf(text)).toBe(titles[locale]);
    const description = pick(text, /<meta name="description" content="([^"]*)"/);
    expect(description).toContain(
      locale === "en" ? "AI powered conversations" : "Hội thoại thông minh cùng AI",
    );
    expect(text.match(/<h1\b/g)?.length).toBe(1);
    const og = pick(text, /<meta property="og:image" content="([^"]+)"/);
    expect(og).toMatch(new RegExp(`^${baseUrl()}/${locale}/`));
    const img = await image(og!);
    expect(img.status).toBe(200);
    expect(img.type).toBe("image/png");
    expect(pngSize(img.bytes)).toEqual({ width: 1200, height: 630 });
  });

  it.each(routes.filter(([, layout]) => layout === "chat"))(
    `/${locale}%s sends a signed-out visitor to the index`,
    async (path) => {
      const { status, res } = await get(`/${locale}${path}`);
      expect(status).toBe(307);
      expect(new URL(res.headers.get("location") ?? "", baseUrl()).pathname).toBe(`/${locale}`);
    },
  );

  it("unknown pages answer the 404 variant in the empty layout", async () => {
    const { status, text } = await get(`/${locale}/no-such-page`);
    expect(status).toBe(404);
    expect(htmlLang(text)).toBe(locale);
    expect(layoutOf(text)).toBe("empty");
    expect(text).toContain(locale === "en" ? "Page Not Found" : "Không tìm thấy trang");
    expect(text).toContain(`/${locale}/no-such-page`);
  });

  it.each(["/c/bad!id", "/c/agent_demo01/x", "/auth/not-a-provider/callback"])(
    "a page-validation failure (%s) is a 404 that shows the path",
    async (path) => {
      const { status, text } = await get(`/${locale}${path}`);
      expect(status).toBe(404);
      expect(layoutOf(text)).toBe("empty");
      expect(pick(text, /data-testid="error-path">([^<]*)</)).toBe(`/${locale}${path}`);
    },
  );

  it("a thrown error answers the generic 500 variant", async () => {
    const { status, text } = await get(`/${locale}/error-probe`);
    expect(status).toBe(500);
    // The error boundary renders in the browser; its translated text ships in the page payload.
    expect(text).toContain(locale === "en" ? "Internal Server Error" : "Lỗi máy chủ");
  });

  it.each(["", "/pricing"])("links /%s in both languages with hreflang alternates", async (path) => {
    const { text } = await get(`/${locale}${path}`);
    const alternates = Object.fromEntries(
      [...text.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/?>/gi)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(alternates).toEqual({
      en: `${baseUrl()}/en${path}`,
      vi: `${baseUrl()}/vi${path}`,
      "x-default": `${baseUrl()}/en${path}`,
    });
  });
});

describe("the root path", () => {
  it("serves home in English by default", async () => {
    const { status, text } = await get("/");
    expect(status).toBe(200);
    expect(htmlLang(text)).toBe("en");
    expect(layoutOf(text)).toBe("default");
  });

  it("serves home in the visitor's language", async () => {
    expect(htmlLang((await get("/", { "accept-language": "vi-VN,vi;q=0.9" })).text)).toBe("vi");
    expect(htmlLang((await get("/", { cookie: "NEXT_LOCALE=vi", "accept-language": "en" })).text)).toBe("vi");
  });

  it("sends paths without a locale to the visitor's language", async () => {
    const plain = await get("/setup");
    expect([307, 308]).toContain(plain.status);
    expect(new URL(plain.res.headers.get("location") ?? "", "http://x").pathname).toBe("/en/setup");
    const vi = await get("/setup", { cookie: "NEXT_LOCALE=vi" });
    expect(new URL(vi.res.headers.get("location") ?? "", "http://x").pathname).toBe("/vi/setup");
  });

  it("treats an unknown locale as an unknown path", async () => {
    const res = await fetch(`${baseUrl()}/fr/setup`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page Not Found");
  });
});

describe("social preview images", () => {
  it("are 1200x630 PNGs, different for English and Vietnamese", async () => {
    const images: Record<string, Buffer> = {};
    for (const locale of ["en", "vi"]) {
      const { text } = await get(`/${locale}/pricing`);
      for (const re of [
        /<meta property="og:image" content="([^"]+)"/,
        /<meta name="twitter:image" content="([^"]+)"/,
      ]) {
        const url = pick(text, re);
        expect(url, `${locale} ${re}`).toMatch(new RegExp(`^${baseUrl()}/${locale}/`));
        const res = await fetch(url!.replaceAll("&amp;", "&"));
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/png");
        const buf = Buffer.from(await res.arrayBuffer());
        expect(pngSize(buf)).toEqual({ width: 1200, height: 630 });
        images[locale] = buf;
      }
    }
    expect(images.en!.equals(images.vi!)).toBe(false);
  });
});
