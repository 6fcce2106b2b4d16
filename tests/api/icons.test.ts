import { describe, expect, it } from "vitest";
import { type ErrorBody, ownerApi } from "../helpers/chat";
import { baseUrl } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { kb, scriptWeight } from "../helpers/page-weight";

/**
 * The icon collection the app serves itself (spec §7: `GET {icon host}/{prefix}.json?icons=a,b,c`), and the
 * icons an owner stores on the agent and its suggested questions.
 */
type Collection = {
  prefix: string;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
};

async function icons(path: string, lang = "en", headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { "accept-language": lang, ...headers } });
  const text = await res.text();
  // Every answer is JSON, errors included: say which one was not.
  expect(
    !text || res.headers.get("content-type")?.startsWith("application/json"),
    `${path}: ${text.slice(0, 60)}`,
  ).toBe(true);
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

describe("GET /icons/{prefix}.json?icons=…", () => {
  it("answers only the icons asked for, leaves out unknown names, with long caching and an ETag", async () => {
    const res = await icons("/icons/lucide.json?icons=coffee,cake,no-such-icon-here,coffee");
    expect(res.status).toBe(200);
    const body = res.json as Collection;
    expect(body.prefix).toBe("lucide");
    expect(Object.keys(body.icons).sort()).toEqual(["cake", "coffee"]);
    expect(body.icons.coffee!.body).toMatch(/^<path [^>]*d="M10 2v2/);
    expect([body.width, body.height]).toEqual([24, 24]);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=2592000/);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);

    // The same names, in any order, are the same answer: revalidated without a body.
    const again = await icons("/icons/lucide.json?icons=cake,no-such-icon-here,coffee", "en", {
      "if-none-match": etag!,
    });
    expect(again.status).toBe(304);
    const other = await icons("/icons/lucide.json?icons=cake");
    expect(other.headers.get("etag")).not.toBe(etag);
    // An alias is answered under the name asked for.
    const alias = (await icons("/icons/lucide.json?icons=home")).json as Collection;
    expect(Object.keys(alias.icons)).toEqual(["home"]);
  });

  for (const lang of ["en", "vi"] as const) {
    it(`refuses bad input with a clear 400 in the API's error shape, never a 5xx (${lang})`, async () => {
      const cases: Array<[string, number, string, RegExp]> = [
        ["/icons/lucide.json", 400, "bad_request", lang === "en" ? /\?icons=name,name/ : /\?icons=tên,tên/],
        ["/icons/lucide.json?icons=", 400, "bad_request", /\?icons=/],
        ["/icons/lucide.json?icons=Coffee", 400, "bad_request", /"Coffee"/],
        ["/icons/lucide.json?icons=coffee,,cake", 400, "bad_request", /""/],
        ["/icons/lucide.json?icons=%3Cscript%3E", 400, "bad_request", /"<script>"/],
        [`/icons/lucide.json?icons=${"a".repeat(65)}`, 400, "bad_request", /a{20}/],
        [
          `/icons/lucide.json?icons=${Array.from({ length: 65 }, (_, i) => `i${i}`).join(",")}`,
          400,
          "bad_request",
          /64/,
        ],
        ["/icons/Lucide.json?icons=coffee", 400, "bad_request", /lucide\.json/],
        ["/icons/lu.cide.json?icons=coffee", 400, "bad_request", /lucide\.json/],
        ["/icons/mdi.json?icons=coffee", 404, "not_found", /"mdi"/],
      ];
      for (const [path, status, code, detail] of cases) {
        const res = await icons(path, lang);
        expect(res.status, path).toBe(status);
        const error = (res.json as ErrorBody).error;
        expect(error.status, path).toBe(status);
        expect(error.message, path).toBe(code);
        expect(error.detail, path).toMatch(detail);
        expect(error.detail, path).not.toMatch(/errors\./);
      }
      // Other methods are the API's 405, not a 5xx.
      const post = await fetch(`${baseUrl()}/icons/lucide.json?icons=coffee`, { method: "POST" });
      expect(post.status).toBe(405);
    });
  }
});

describe("icons stored on the agent", () => {
  it("saves the agent's icon and its questions' icons, drops a removed question's, and shows them publicly", async () => {
    const { access } = await signInWithOidc(undefined, baseUrl());
    type Agent = { id: string; icon: string | null; suggested_question_icons: Record<string, string> };
    const saved = await ownerApi<{ data: Agent }>(access, "POST", "/api/v1/agent", {
      name: "Tiệm bánh Hoa Mai",
      icon: "croissant",
      suggested_questions: ["Mấy giờ mở cửa?", "Có giao hàng không?"],
      suggested_question_icons: { "Mấy giờ mở cửa?": "clock", "Câu khác": "truck" },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data!.icon).toBe("croissant");
    expect(saved.body.data!.suggested_question_icons).toEqual({ "Mấy giờ mở cửa?": "clock" });

    const pub = await fetch(`${baseUrl()}/api/v1/public/agent/${saved.body.data!.id}`);
    const view = ((await pub.json()) as { data: Agent }).data;
    expect(view.icon).toBe("croissant");
    expect(view.suggested_question_icons).toEqual({ "Mấy giờ mở cửa?": "clock" });

    // Removing the question removes its icon; an empty icon is the default again.
    const updated = await ownerApi<{ data: Agent }>(access, "POST", "/api/v1/agent", {
      name: "Tiệm bánh Hoa Mai",
      icon: "",
      suggested_questions: ["Có giao hàng không?"],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data!.icon).toBeNull();
    expect(updated.body.data!.suggested_question_icons).toEqual({});
  });

  for (const lang of ["en", "vi"] as const) {
    it(`refuses icon names that are not icon names, per field (${lang})`, async () => {
      const { access } = await signInWithOidc(undefined, baseUrl());
      const res = await ownerApi<object>(
        access,
        "POST",
        "/api/v1/agent",
        {
          name: "Acme",
          icon: "<svg onload=alert(1)>",
          suggested_questions: ["Hours?"],
          suggested_question_icons: { "Hours?": "Clock Face" },
        },
        lang,
      );
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.error!.fields ?? {}).sort()).toEqual([
        "icon",
        "suggested_question_icons.Hours?",
      ]);
      expect((await ownerApi(access, "GET", "/api/v1/agent")).status).toBe(404);
    });
  }
});

describe("the public chat page with icons", () => {
  it("stays within its 140 KB of gzipped script: the icon code loads only when an icon is drawn", async () => {
    const { access } = await signInWithOidc(undefined, baseUrl());
    const saved = await ownerApi<{ data: { id: string } }>(access, "POST", "/api/v1/agent", {
      name: "Acme Bakery",
      icon: "croissant",
      suggested_questions: ["Opening hours?"],
      suggested_question_icons: { "Opening hours?": "clock" },
    });
    expect(saved.status).toBe(201);
    for (const lang of ["en", "vi"]) {
      const res = await fetch(`${baseUrl()}/${lang}/c/${saved.body.data!.id}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-icon="croissant"');
      const weight = await scriptWeight(html, baseUrl());
      console.info(`/${lang}/c/{agent} with icons: ${kb(weight.gzipBytes).toFixed(1)} KB gzipped`);
      expect(kb(weight.gzipBytes)).toBeLessThanOrEqual(140);
    }
  });
});
