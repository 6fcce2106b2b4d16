import { describe, expect, inject, it } from "vitest";
import { ownerApi, Visitor } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { pngSize } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";

/**
 * SHELL-4's rough edges over HTTP: icons and a manifest are served, the owner's time zone is saved,
 * validated and drives history days, and a refused website address is explained once.
 */
const base = () => inject("baseUrl");

describe("icons and the web app manifest", () => {
  it("serves the favicon, the SVG and Apple icons and the manifest's icons with their types", async () => {
    const expected: [string, RegExp][] = [
      ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/icon.svg", /^image\/svg\+xml/],
      ["/apple-icon.png", /^image\/png/],
    ];
    for (const [path, type] of expected) {
      const res = await fetch(`${base()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(type);
      expect((await res.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
    }
    const apple = Buffer.from(await (await fetch(`${base()}/apple-icon.png`)).arrayBuffer());
    expect(pngSize(apple)).toEqual({ width: 180, height: 180 });

    const res = await fetch(`${base()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      start_url: string;
      display: string;
      icons: { src: string; type: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "AgentCity", short_name: "AgentCity", start_url: "/" });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const got = await fetch(new URL(icon.src, base()));
      expect(got.status, icon.src).toBe(200);
      expect(got.headers.get("content-type"), icon.src).toContain(icon.type);
      if (icon.type === "image/png") {
        const [w, h] = icon.sizes.split("x").map(Number);
        expect(pngSize(Buffer.from(await got.arrayBuffer()))).toEqual({ width: w, height: h });
      }
    }
  });

  it("links them from every kind of page (home, an app page, a public chat, the 404 page)", async () => {
    for (const path of ["/en", "/vi/setup", "/en/c", "/en/no-such-page"]) {
      const html = await (await fetch(`${base()}${path}`)).text();
      expect(html, path).toMatch(/<link rel="icon" href="\/favicon\.ico[^"]*"/);
      expect(html, path).toMatch(/<link rel="icon" href="\/icon\.svg[^"]*"[^>]*type="image\/svg\+xml"/);
      expect(html, path).toMatch(/<link rel="apple-touch-icon" href="\/apple-icon\.png[^"]*"/);
      expect(html, path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
    }
  });
});

type Gql = {
  data?: Record<string, Record<string, unknown>> | null;
  errors?: {
    message: string;
    extensions?: { status: number; code: string; fields?: Record<string, string> };
  }[];
};

async function gql(token: string, query: string, variables: Record<string, unknown> = {}, lang = "en") {
  const res = await fetch(`${base()}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base(),
      authorization: `Bearer ${token}`,
      "accept-language": lang,
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Gql };
}

const SAVE = `mutation Save($input: ProfileInput!) { update_profile(input: $input) { first_name time_zone } }`;
const READ = `query { profile { first_name time_zone } }`;

describe("the owner's time zone", () => {
  it("starts unset, is saved as an IANA name and read back by profile", async () => {
    const { access } = await signInWithOidc();
    expect((await gql(access, READ)).body.data!.profile!.time_zone).toBeNull();
    const saved = await gql(access, SAVE, { input: { time_zone: "Asia/Ho_Chi_Minh" } });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.update_profile!.time_zone).toBe("Asia/Ho_Chi_Minh");
    expect((await gql(access, READ)).body.data!.profile!.time_zone).toBe("Asia/Ho_Chi_Minh");
    // Other fields in the same update are kept apart: a zone alone changes nothing else.
    const other = await gql(access, SAVE, { input: { time_zone: "America/New_York" } });
    expect(other.body.data!.update_profile).toMatchObject({ time_zone: "America/New_York" });
  });

  it("refuses anything but a known zone with a translated field message, keeping the saved one", async () => {
    const { access } = await signInWithOidc();
    await gql(access, SAVE, { input: { time_zone: "Europe/Paris" } });
    const bad = [
      "Mars/Olympus_Mons",
      "+07:00",
      "GMT+7:00",
      "Asia/Ho_Chi_Minh'; drop table users; --",
      "../../etc/localtime",
      "Asia/Ho Chi Minh",
      `Asia/${"x".repeat(200)}`,
      "   ",
      // Control characters leave at the boundary (text hygiene): what is left must still be a known zone.
      "\u0000Mars/Base",
    ];
    for (const zone of bad) {
      for (const lang of ["en", "vi"] as const) {
        const res = await gql(access, SAVE, { input: { time_zone: zone } }, lang);
        expect(res.status, zone).toBe(422);
        const error = res.body.errors![0]!;
        expect(error.extensions!.code).toBe("validation_failed");
        expect(error.extensions!.fields!.time_zone, zone).toBe(
          lang === "vi"
            ? "Hãy chọn một múi giờ trong danh sách (ví dụ Asia/Ho_Chi_Minh)."
            : "Choose a time zone from the list (for example Asia/Ho_Chi_Minh).",
        );
      }
    }
    // Not a string at all: the request is malformed (GraphQL's own 400), never a 5xx.
    const number = await gql(access, SAVE, { input: { time_zone: 7 } });
    expect(number.status).toBe(400);
    expect((await gql(access, READ)).body.data!.profile!.time_zone).toBe("Europe/Paris");
  });

  it("is the history's day when a request names no zone", async () => {
    const { session, agentId } = await ownerWithAgent({
      name: "Giờ giấc",
      model: "builtin",
      texts: [{ title: "Giờ", content: "Mở cửa từ 8 giờ sáng." }],
    });
    const asked = await new Visitor().ask(agentId, "Mấy giờ mở cửa?");
    expect(asked.status).toBe(200);
    // UTC+14 and UTC−11 are 25 hours apart: the same instant is never on the same day in both.
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
    const days = async (query = "") => {
      const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const res = await ownerApi<{ data: { date: string }[] }>(
        session.access,
        "GET",
        `/api/v1/agent/conversations/days?from=${from}&to=${to}${query}`,
      );
      expect(res.status).toBe(200);
      return res.body.data.map((d) => d.date);
    };
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      expect((await gql(session.access, SAVE, { input: { time_zone: zone } })).status).toBe(200);
      expect(await days()).toEqual([dayIn(zone)]);
    }
    // A zone in the request still wins over the saved one.
    expect(await days("&tz=Pacific/Kiritimati")).toEqual([dayIn("Pacific/Kiritimati")]);
    const bad = await ownerApi(
      session.access,
      "GET",
      "/api/v1/agent/conversations/days?from=2026-01-01&to=2026-01-02&tz=Nowhere/Land",
      undefined,
      "vi",
    );
    expect(bad.status).toBe(422);
  });
});

describe("a refused website address", () => {
  it("is explained once, in one wording per language", async () => {
    const { session } = await ownerWithAgent({ name: "Trang web", texts: [] });
    const texts = {
      en: "Something went wrong. Please enter a different URL.",
      vi: "Đã xảy ra lỗi. Vui lòng nhập một địa chỉ URL khác.",
    };
    for (const lang of ["en", "vi"] as const) {
      for (const url of ["htp:/ab", "not a url", "http://"]) {
        const res = await ownerApi<{ error: { detail: string; fields: { url: string } } }>(
          session.access,
          "POST",
          "/api/v1/agent/document",
          { type: "url", url },
          lang,
        );
        expect(res.status, url).toBe(422);
        expect(res.body.error.fields.url, url).toBe(texts[lang]);
        expect(res.body.error.detail, url).toBe(texts[lang]);
      }
      // A reason with more to say follows the sentence once; the sentence is never repeated.
      const blocked = await ownerApi<{ error: { fields: { url: string } } }>(
        session.access,
        "POST",
        "/api/v1/agent/document",
        { type: "url", url: "http://10.0.0.1/" },
        lang,
      );
      expect(blocked.body.error.fields.url.startsWith(texts[lang])).toBe(true);
      expect(blocked.body.error.fields.url.split(texts[lang]).length - 1).toBe(1);
    }
    const list = await ownerApi<{ data: unknown[] }>(session.access, "GET", "/api/v1/agent/documents");
    expect(list.body.data).toEqual([]);
  });

  it("names a website's pages read instead of its size, and null for texts", async () => {
    const { session } = await ownerWithAgent({
      name: "Trang",
      texts: [{ title: "Ghi chú", content: "Một." }],
    });
    const added = await ownerApi(session.access, "POST", "/api/v1/agent/document", {
      type: "url",
      url: inject("siteUrl"),
    });
    expect(added.status).toBe(200);
    type Row = { type: string; status: string; pages: number | null };
    await expect
      .poll(
        async () =>
          (await ownerApi<{ data: Row[] }>(session.access, "GET", "/api/v1/agent/documents")).body.data.map(
            (d) => d.status,
          ),
        { timeout: 60_000, interval: 300 },
      )
      .toEqual(["completed", "completed"]);
    const rows = (await ownerApi<{ data: Row[] }>(session.access, "GET", "/api/v1/agent/documents")).body
      .data;
    const site = rows.find((r) => r.type === "url")!;
    const text = rows.find((r) => r.type === "text")!;
    expect(site.pages).toBeGreaterThanOrEqual(3);
    expect(text.pages).toBeNull();
  });
});

describe("a public chat page's title", () => {
  /** A tag's attribute, read from the page's head. */
  const metaOf = (html: string, attr: "name" | "property", key: string) =>
    html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

  it("names the agent in the tab, the shared link and the social card, its greeting as the description", async () => {
    const { agentId } = await ownerWithAgent({
      name: "Tiệm bánh Hoa Sen",
      greeting: "Xin chào! Tiệm bánh Hoa Sen có thể giúp gì cho bạn?",
      texts: [],
    });
    for (const locale of ["vi", "en"]) {
      for (const path of [`/${locale}/c/${agentId}`, `/${locale}/c/${agentId}/${agentId}`]) {
        const res = await fetch(`${base()}${path}`);
        const html = await res.text();
        expect(html, path).toContain("<title>Tiệm bánh Hoa Sen — AgentCity</title>");
        expect(metaOf(html, "property", "og:title"), path).toBe("Tiệm bánh Hoa Sen — AgentCity");
        expect(metaOf(html, "name", "twitter:title"), path).toBe("Tiệm bánh Hoa Sen — AgentCity");
        expect(metaOf(html, "name", "description"), path).toBe(
          "Xin chào! Tiệm bánh Hoa Sen có thể giúp gì cho bạn?",
        );
      }
    }
    // A page of the site keeps the site's title.
    const pricing = await (await fetch(`${base()}/en/pricing`)).text();
    expect(pricing).not.toContain("Hoa Sen");
  });
});
