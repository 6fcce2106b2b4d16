import "server-only";
import { Parser } from "htmlparser2";

/**
 * The readable part of an HTML page in one streaming pass: menus, banners, footers, side bars,
 * scripts, styles and forms are dropped; <main> (or <article>) wins over the whole body when present;
 * headings stay with the passages under them. Links are gathered from the whole page (menus included:
 * that is where a site lists its pages).
 */
export type Section = { heading: string | null; level: number; text: string };

export type Readable = {
  title: string;
  /** Markdown-like: "## Heading" lines, then the passage; NFC-normalised. */
  text: string;
  sections: Section[];
  /** absolute http(s) addresses of a[href] and area[href], nofollow ones left out */
  links: string[];
  canonical: string | null;
  noindex: boolean;
  nofollow: boolean;
};

const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "form",
  "button",
  "select",
  "textarea",
  "nav",
  "aside",
  "dialog",
  "menu",
]);
const DROP_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "dialog",
  "alert",
]);
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const BLOCK = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "blockquote",
  "pre",
  "figure",
  "figcaption",
  "address",
  "hr",
  "br",
  "details",
  "summary",
  "body",
  "header",
  "footer",
  "caption",
]);

/** Text blocks of one region of the page (the body, the main element, the articles). */
class Region {
  readonly blocks: { level: number; text: string }[] = [];
  private line = "";
  private level = 0;

  add(text: string): void {
    if (!text) return;
    if (/^\s/.test(text) && this.line && !this.line.endsWith(" ")) this.line += " ";
    this.line += text.trim();
    if (/\s$/.test(text) && text.trim()) this.line += " ";
  }

  cell(): void {
    if (this.line.trim()) this.line = `${this.line.trimEnd()} | `;
  }

  prefix(p: string): void {
    this.flush();
    this.line = p;
  }

  /** Ends the current paragraph (or heading). */
  flush(): void {
    const text = this.line.replace(/\s+/g, " ").trim();
    if (text && text !== "-" && text !== "|") this.blocks.push({ level: this.level, text });
    this.line = "";
    this.level = 0;
  }

  heading(level: number): void {
    this.flush();
    this.level = level;
  }

  get size(): number {
    return this.blocks.reduce((n, b) => n + b.text.length, 0);
  }
}

type Frame = { name: string; drop: boolean; main: boolean; article: boolean; pre: boolean };

export function extractReadable(html: string, pageUrl: string): Readable {
  const body = new Region();
  const main = new Region();
  const article = new Region();
  const stack: Frame[] = [];
  const links = new Set<string>();
  let drop = 0;
  let inMain = 0;
  let inArticle = 0;
  let inPre = 0;
  let inTitle = false;
  let title = "";
  let firstH1: string | null = null;
  let h1Capture: string | null = null;
  let base = pageUrl;
  let baseSeen = false;
  let canonical: string | null = null;
  let noindex = false;
  let nofollow = false;

  const regions = (): Region[] => {
    const out = [body];
    if (inMain) out.push(main);
    if (inArticle) out.push(article);
    return out;
  };
  const each = (fn: (r: Region) => void) => {
    if (!drop) for (const r of regions()) fn(r);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "base" && attrs.href && !baseSeen) {
          baseSeen = true;
          try {
            base = new URL(attrs.href, pageUrl).href;
          } catch {
            // a broken <base> is ignored, as browsers do
          }
        }
        if (name === "meta") {
          const key = (attrs.name ?? "").toLowerCase();
          const content = (attrs.content ?? "").toLowerCase();
          if (key === "robots" || key === "agentcity") {
            if (/\b(noindex|none)\b/.test(content)) noindex = true;
            if (/\b(nofollow|none)\b/.test(content)) nofollow = true;
          }
        }
        if (name === "link" && /\bcanonical\b/i.test(attrs.rel ?? "") && attrs.href) {
          canonical = absolute(attrs.href, base);
        }
        if ((name === "a" || name === "area") && attrs.href && !/\bnofollow\b/i.test(attrs.rel ?? "")) {
          const href = absolute(attrs.href, base);
          if (href) links.add(href);
        }
        if (name === "title" && stack.every((f) => f.name !== "svg")) inTitle = true;
        if (VOID.has(name)) {
          if (name === "br" || name === "hr") each((r) => r.flush());
          return;
        }
        const role = (attrs.role ?? "").toLowerCase();
        const landmark = inMain > 0 || inArticle > 0;
        const frame: Frame = {
          name,
          drop:
            DROP.has(name) ||
            DROP_ROLES.has(role) ||
            ((name === "header" || name === "footer") && !landmark) ||
            "hidden" in attrs ||
            attrs["aria-hidden"] === "true" ||
            /display\s*:\s*none/i.test(attrs.style ?? ""),
          main: name === "main" || role === "main",
          article: name === "article" || role === "article",
          pre: name === "pre",
        };
        if (BLOCK.has(name) || /^h[1-6]$/.test(name)) each((r) => r.flush());
        stack.push(frame);
        if (frame.drop) drop++;
        if (frame.main) inMain++;
        if (frame.article) inArticle++;
        if (frame.pre) inPre++;
        const h = /^h([1-6])$/.exec(name);
        if (h) {
          each((r) => r.heading(Number(h[1])));
          if (h[1] === "1" && firstH1 === null && !drop) h1Capture = "";
        }
        if (name === "li") each((r) => r.prefix("- "));
        if (name === "td" || name === "th") each((r) => r.cell());
      },
      ontext(text) {
        if (inTitle) {
          title += text;
          return;
        }
        if (h1Capture !== null) h1Capture += text;
        if (inPre && !drop) {
          for (const line of text.split("\n")) {
            each((r) => r.add(line));
            each((r) => r.flush());
          }
          return;
        }
        each((r) => r.add(text));
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (VOID.has(name)) return;
        const at = stack.findLastIndex((f) => f.name === name);
        if (at < 0) return;
        while (stack.length > at) {
          const frame = stack.pop()!;
          if (BLOCK.has(frame.name) || /^h[1-6]$/.test(frame.name)) each((r) => r.flush());
          if (frame.drop) drop--;
          if (frame.main) inMain--;
          if (frame.article) inArticle--;
          if (frame.pre) inPre--;
          if (frame.name === "h1" && h1Capture !== null) {
            firstH1 = h1Capture.replace(/\s+/g, " ").trim() || null;
            h1Capture = null;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  for (const r of [body, main, article]) r.flush();

  // <main> wins when it holds real text; several <article>s (a blog index) all count.
  const chosen = main.size > 0 ? main : article.size > 0 ? article : body;
  const sections = toSections(chosen.blocks);
  const text = sections
    .map((s) => (s.heading ? `${"#".repeat(s.level)} ${s.heading}${s.text ? `\n${s.text}` : ""}` : s.text))
    .join("\n\n");
  return {
    title: nfc(title.replace(/\s+/g, " ").trim() || firstH1 || ""),
    text: nfc(text),
    sections: sections.map((s) => ({ ...s, heading: s.heading && nfc(s.heading), text: nfc(s.text) })),
    links: [...links],
    canonical,
    noindex,
    nofollow,
  };
}

function toSections(blocks: { level: number; text: string }[]): Section[] {
  const out: Section[] = [];
  let current: Section | null = null;
  for (const b of blocks) {
    if (b.level > 0) {
      current = { heading: b.text, level: b.level, text: "" };
      out.push(current);
    } else if (current) {
      current.text = current.text ? `${current.text}\n${b.text}` : b.text;
    } else {
      current = { heading: null, level: 0, text: b.text };
      out.push(current);
    }
  }
  return out;
}

function absolute(href: string, base: string): string | null {
  try {
    const u = new URL(href.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

function nfc(s: string): string {
  return s.normalize("NFC");
}
