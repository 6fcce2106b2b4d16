import "server-only";
import { Parser } from "htmlparser2";
import type { Section } from "../types.ts";

/** Never readable content: code, styling, chrome and forms. */
const skipped = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "canvas",
  "iframe",
  "object",
  "nav",
  "footer",
  "header",
  "aside",
  "form",
  "button",
  "select",
  "dialog",
]);
const blocks = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "tr",
  "table",
  "blockquote",
  "pre",
  "figure",
  "figcaption",
  "address",
  "br",
  "hr",
]);
/** Rows and list items end a line but open none, so a table or list stays one line per item. */
const lines = new Set(["tr", "li", "dt", "dd"]);
const cells = new Set(["td", "th"]);

/**
 * Readable text of a page, cut into sections at h1–h6. When the page marks its main content (<main>,
 * <article> or role="main") and that holds text, only that is kept; otherwise the body without navigation,
 * header, footer, asides and scripts. Entities are HTML's own named ones only: nothing is fetched.
 */
export function parseHtml(html: string): { sections: Section[]; title: string | null } {
  // Two readings at once: the whole page and only what sits inside a main-content element.
  const all: Section[] = [{ heading: null, text: "" }];
  const main: Section[] = [{ heading: null, text: "" }];
  let skip = 0;
  let mainDepth = 0;
  let heading: string | null = null;
  let inTitle = false;
  let title = "";
  const stack: string[] = [];
  const append = (text: string) => {
    all[all.length - 1]!.text += text;
    if (mainDepth > 0) main[main.length - 1]!.text += text;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const opensMain = name === "main" || name === "article" || attributes.role === "main";
        const hides =
          skipped.has(name) || attributes.hidden !== undefined || attributes["aria-hidden"] === "true";
        stack.push(`${name}${opensMain ? "#main" : ""}${hides ? "#skip" : ""}`);
        if (opensMain) mainDepth++;
        if (hides) skip++;
        if (skip > 0) return;
        if (name === "title") inTitle = true;
        else if (/^h[1-6]$/.test(name)) heading = "";
        else if (blocks.has(name) && !lines.has(name)) append("\n");
        else if (cells.has(name)) append(" | ");
        else if (name === "img" && attributes.alt) append(` ${attributes.alt} `);
      },
      ontext(text) {
        if (inTitle) {
          title += text;
          return;
        }
        if (skip > 0) return;
        if (heading !== null) heading += text;
        else append(text);
      },
      onclosetag(name) {
        const open = stack.pop() ?? "";
        const wasSkipping = skip > 0;
        if (open.endsWith("#skip")) skip--;
        if (wasSkipping) {
          if (open.includes("#main")) mainDepth--;
          return;
        }
        if (name === "title") inTitle = false;
        else if (/^h[1-6]$/.test(name) && heading !== null) {
          all.push({ heading, text: "" });
          if (mainDepth > 0) main.push({ heading, text: "" });
          heading = null;
        } else if (blocks.has(name) && name !== "br" && name !== "hr") append("\n");
        if (open.includes("#main")) mainDepth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();

  const hasMain = main.some((b) => b.text.trim() !== "");
  const sections = (hasMain ? main : all).map((b) => ({
    heading: b.heading,
    text: b.text
      .split("\n")
      .map((l) => l.replace(/^\s*\|\s*/, "").trim())
      .join("\n"),
  }));
  return { sections, title: title.trim() || null };
}
