/**
 * An icon's SVG body, from a host that may be someone else's, reduced to what draws a shape: a small tree
 * of allowed elements and attributes that React renders as elements (never as HTML), so nothing in it can
 * run (no script, no event handler, no foreignObject), load (no href, no url(), no style) or escape the
 * icon's box. Anything else in the markup is dropped; markup that does not parse gives nothing.
 */

export type SvgNode = { tag: SvgTag; attrs: Record<string, string>; children: SvgNode[] };

const TAGS = ["g", "path", "circle", "ellipse", "line", "polyline", "polygon", "rect"] as const;
type SvgTag = (typeof TAGS)[number];
const isTag = (t: string): t is SvgTag => (TAGS as readonly string[]).includes(t);

/** SVG attribute → React's prop name: presentation and geometry only. */
const ATTRS: Record<string, string> = {
  d: "d",
  cx: "cx",
  cy: "cy",
  r: "r",
  rx: "rx",
  ry: "ry",
  x: "x",
  y: "y",
  x1: "x1",
  y1: "y1",
  x2: "x2",
  y2: "y2",
  width: "width",
  height: "height",
  points: "points",
  transform: "transform",
  fill: "fill",
  "fill-rule": "fillRule",
  "fill-opacity": "fillOpacity",
  "clip-rule": "clipRule",
  stroke: "stroke",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "stroke-miterlimit": "strokeMiterlimit",
  "stroke-dasharray": "strokeDasharray",
  "stroke-dashoffset": "strokeDashoffset",
  "stroke-opacity": "strokeOpacity",
  opacity: "opacity",
};

/** A value that could reach outside (url(#x) can point at another document; a paint server is not needed). */
const UNSAFE_VALUE = /url\s*\(|[<>&"\\]|javascript:|data:|expression\s*\(/i;

const MAX_BODY = 20_000;
const MAX_NODES = 200;
const MAX_DEPTH = 8;

// A start tag, an end tag, or text between them; comments and anything else are not markup an icon needs.
const TOKEN =
  /<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[a-zA-Z_:][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|(<)/g;
const ATTR = /([a-zA-Z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The body's shapes, or null when it is not well-formed markup (or too big to be an icon). */
export function sanitizeSvgBody(body: string): SvgNode[] | null {
  if (typeof body !== "string" || body.length > MAX_BODY) return null;
  const root: SvgNode[] = [];
  // Each open element, with where its children go (null: a dropped element, whose content is dropped too).
  const stack: Array<{ name: string; children: SvgNode[] | null }> = [];
  let count = 0;
  for (const m of body.matchAll(TOKEN)) {
    const [, close, open, rawAttrs = "", selfClosing, text, stray] = m;
    if (stray) return null;
    if (text !== undefined) {
      if (text.trim()) return null;
      continue;
    }
    if (close) {
      const top = stack.pop();
      if (!top || top.name !== close) return null;
      continue;
    }
    if (!open) return null;
    const parent = stack.length ? stack[stack.length - 1]!.children : root;
    // SVG's names are case-sensitive: only the allowed names as written are kept.
    const name = open;
    let children: SvgNode[] | null = null;
    if (parent && isTag(name) && ++count <= MAX_NODES && stack.length < MAX_DEPTH) {
      const node: SvgNode = { tag: name, attrs: attrsOf(rawAttrs), children: [] };
      parent.push(node);
      children = node.children;
    }
    if (!selfClosing) stack.push({ name: open, children });
  }
  return stack.length ? null : root;
}

function attrsOf(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, dq, sq] of raw.matchAll(ATTR)) {
    const prop = ATTRS[name!];
    const value = dq ?? sq ?? "";
    if (prop && !UNSAFE_VALUE.test(value)) out[prop] = value;
  }
  return out;
}
