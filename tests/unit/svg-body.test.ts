import { describe, expect, it } from "vitest";
import { sanitizeSvgBody } from "@/lib/shared/svg-body";

/** Icon bodies may come from another host: only shapes and their paint survive. */
describe("sanitizeSvgBody", () => {
  it("keeps lucide's shapes and attributes, as React props", () => {
    const body =
      '<g fill="none" stroke="currentColor" stroke-linecap="round" stroke-width="2"><path d="M10 2v2"/><circle cx="12" cy="12" r="4"></circle></g>';
    expect(sanitizeSvgBody(body)).toEqual([
      {
        tag: "g",
        attrs: { fill: "none", stroke: "currentColor", strokeLinecap: "round", strokeWidth: "2" },
        children: [
          { tag: "path", attrs: { d: "M10 2v2" }, children: [] },
          { tag: "circle", attrs: { cx: "12", cy: "12", r: "4" }, children: [] },
        ],
      },
    ]);
  });

  it("drops scripts, event handlers, links, styles, foreign content and external references", () => {
    const body = [
      "<script>alert(1)</script>",
      '<path d="M0 0" onload="alert(1)" style="background:url(https://x)" href="https://x"/>',
      '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      '<image href="https://evil.example/x.png"/>',
      '<use href="https://evil.example/s.svg#i"/>',
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
      '<rect fill="url(https://evil.example/p.svg#g)" width="2" height="2"/>',
    ].join("");
    const kept = sanitizeSvgBody(body.replace("alert(1)</script>", "</script>").replace(">hi<", "><"));
    expect(kept).toEqual([
      { tag: "path", attrs: { d: "M0 0" }, children: [] },
      { tag: "rect", attrs: { width: "2", height: "2" }, children: [] },
    ]);
  });

  it("gives nothing for text, broken or unbalanced markup", () => {
    expect(sanitizeSvgBody("<script>alert(1)</script>")).toBeNull();
    expect(sanitizeSvgBody('<path d="M0 0">')).toBeNull();
    expect(sanitizeSvgBody("<g></path>")).toBeNull();
    expect(sanitizeSvgBody("<path d=M0/>")).toBeNull();
    expect(sanitizeSvgBody("<!-- x --><path/>")).toBeNull();
    expect(sanitizeSvgBody("x".repeat(30_000))).toBeNull();
  });
});
