import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Markdown from "@/components/chat/markdown";
import { safeHref } from "@/lib/client/safe-link";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("answer markdown", () => {
  it("renders markdown and GFM tables", () => {
    const out = html("**Giờ mở cửa**\n\n| Ngày | Giờ |\n| --- | --- |\n| CN | 7–12 |\n\n- một\n- hai");
    expect(out).toContain("<strong>Giờ mở cửa</strong>");
    expect(out).toContain("<table");
    expect(out).toContain("<li>một</li>");
  });

  it("drops raw HTML, scripts included", () => {
    const out = html(
      'Hi <script>alert(1)</script> <b onclick="x()">bold</b> <iframe src="https://evil.test"></iframe>',
    );
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<iframe");
    expect(out).not.toContain("onclick");
    expect(out).not.toContain("<b");
  });

  it("never renders an image, only its alt text", () => {
    const out = html("![the logo](https://tracker.example/pixel.png) and ![](https://tracker.example/x.gif)");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("tracker.example");
    expect(out).toContain("the logo");
  });

  it("links http, https and mailto with rel and a new tab", () => {
    const out = html(
      "[site](https://example.com/a) [plain](http://example.org) [mail](mailto:a@b.vn) https://auto.example",
    );
    expect(out.match(/<a /g)).toHaveLength(4);
    for (const a of out.match(/<a [^>]*>/g) ?? []) {
      expect(a).toContain('rel="noopener noreferrer nofollow ugc"');
      expect(a).toContain('target="_blank"');
    }
    expect(out).toContain('href="mailto:a@b.vn"');
  });

  it("shows other links as plain text", () => {
    const out = html(
      "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:msgbox) [e](/relative) <javascript:alert(1)>",
    );
    expect(out).not.toContain("<a");
    expect(out).not.toMatch(/href=/);
    expect(out).toContain("a");
    expect(out).toContain("e");
  });

  it("safeHref allows only http, https and mailto", () => {
    expect(safeHref("https://x.vn/a b")).toBe("https://x.vn/a%20b");
    expect(safeHref(" javascript:alert(1)")).toBeNull();
    expect(safeHref("java\nscript:alert(1)")).toBeNull();
    expect(safeHref("//evil.test")).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
