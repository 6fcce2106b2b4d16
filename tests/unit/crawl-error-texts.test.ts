import { describe, expect, it } from "vitest";
import { CRAWL_MESSAGE_KEYS, crawlMessage } from "@/lib/ingest/crawl/errors";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

const catalogues = [
  ["en", en.errors as Record<string, unknown>],
  ["vi", vi.errors as Record<string, unknown>],
] as const;

describe("crawl error texts", () => {
  it.each(catalogues)("every crawl key has a text in %s", (_, errors) => {
    expect(CRAWL_MESSAGE_KEYS.filter((k) => typeof errors[k] !== "string")).toEqual([]);
  });

  it("uses the spec's words for an address that is invalid or unreachable", () => {
    expect(en.errors.crawl_url_invalid).toBe("Something went wrong. Please enter a different URL.");
    expect(en.errors.crawl_url_unreachable).toBe("Something went wrong. Please enter a different URL.");
    expect(vi.errors.crawl_url_invalid).toBe("Đã xảy ra lỗi. Vui lòng nhập một địa chỉ URL khác.");
    expect(vi.errors.crawl_url_unreachable).toBe("Đã xảy ra lỗi. Vui lòng nhập một địa chỉ URL khác.");
  });

  it("maps every key a crawl reports to a text, HTTP statuses included", () => {
    expect(crawlMessage("http_404")).toEqual({ key: "crawl_http_404", values: {} });
    expect(crawlMessage("http_418")).toEqual({ key: "crawl_http_other", values: { status: 418 } });
    expect(crawlMessage("duplicate")).toEqual({ key: "crawl_duplicate", values: {} });
    expect(crawlMessage("timeout")).toEqual({ key: "crawl_timeout", values: {} });
    expect(crawlMessage("something_new")).toEqual({ key: "crawl_url_unreachable", values: {} });
    for (const status of [400, 401, 403, 404, 405, 410, 418, 429, 451, 500, 502, 503, 504, 599]) {
      const { key } = crawlMessage(`http_${status}`);
      for (const [, errors] of catalogues) expect(typeof errors[key]).toBe("string");
    }
    expect(en.errors.crawl_http_other).toContain("{status}");
    expect(vi.errors.crawl_http_other).toContain("{status}");
  });
});
