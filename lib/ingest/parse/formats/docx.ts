import "server-only";
import { ParseError, type ParseLimits, type Section } from "../types.ts";
import { walkXml } from "../xml.ts";
import { ZipReader } from "../zip.ts";

/** Heading level of each paragraph style: built-in names ("heading 1", "Title") or an outline level. */
function headingStyles(zip: ZipReader): Map<string, number> {
  const levels = new Map<string, number>();
  const xml = zip.readText("word/styles.xml");
  if (!xml) return levels;
  let styleId: string | null = null;
  walkXml(xml, "word/styles.xml", {
    open: (name, a) => {
      if (name === "w:style") styleId = a["w:styleId"] ?? null;
      else if (styleId && name === "w:name") {
        const n = (a["w:val"] ?? "").toLowerCase();
        const m = /^heading ([1-9])$/.exec(n);
        if (m) levels.set(styleId, Number(m[1]));
        else if (n === "title") levels.set(styleId, 0);
      } else if (styleId && name === "w:outlineLvl" && !levels.has(styleId)) {
        const lvl = Number(a["w:val"]);
        if (Number.isInteger(lvl) && lvl < 9) levels.set(styleId, lvl + 1);
      }
    },
    close: (name) => {
      if (name === "w:style") styleId = null;
    },
  });
  return levels;
}

function styleLevel(styleId: string, styles: Map<string, number>): number | null {
  const known = styles.get(styleId);
  if (known !== undefined) return known;
  // Documents without styles.xml still name the built-in styles by id.
  const m = /^(?:heading|Heading)([1-9])$/.exec(styleId);
  if (m) return Number(m[1]);
  return styleId === "Title" ? 0 : null;
}

/**
 * word/document.xml paragraph by paragraph: heading-styled paragraphs open a section, table rows become one
 * line with cells separated by " | ", tabs and breaks keep their meaning.
 */
export function parseDocx(bytes: Uint8Array, limits: ParseLimits): Section[] {
  const zip = new ZipReader(bytes, limits);
  const xml = zip.readText("word/document.xml");
  if (xml === null) throw new ParseError("file_corrupt", "docx: word/document.xml is missing");
  const styles = headingStyles(zip);
  const sections: Section[] = [];
  let current: Section = { heading: null, text: "" };
  let paragraph = "";
  let level: number | null = null;
  let inText = false;
  let cellDepth = 0;
  let row: string[] | null = null;

  walkXml(xml, "word/document.xml", {
    open: (name, a) => {
      switch (name) {
        case "w:p":
          paragraph = "";
          level = null;
          break;
        case "w:pStyle":
          level = styleLevel(a["w:val"] ?? "", styles);
          break;
        case "w:outlineLvl": {
          const lvl = Number(a["w:val"]);
          if (Number.isInteger(lvl) && lvl < 9) level = lvl + 1;
          break;
        }
        case "w:t":
          inText = true;
          break;
        case "w:tab":
          paragraph += "\t";
          break;
        case "w:br":
        case "w:cr":
          paragraph += "\n";
          break;
        case "w:tr":
          row = [];
          break;
        case "w:tc":
          cellDepth++;
          row?.push("");
          break;
      }
    },
    text: (t) => {
      if (inText) paragraph += t;
    },
    close: (name) => {
      switch (name) {
        case "w:t":
          inText = false;
          break;
        case "w:p": {
          const text = paragraph.trim();
          if (cellDepth > 0 && row && row.length > 0) {
            row[row.length - 1] = row[row.length - 1] ? `${row[row.length - 1]} ${text}` : text;
          } else if (level !== null && text) {
            sections.push(current);
            current = { heading: text, text: "" };
          } else if (text) current.text += `${paragraph}\n`;
          paragraph = "";
          break;
        }
        case "w:tc":
          cellDepth--;
          break;
        case "w:tr":
          if (row?.some((c) => c.trim())) current.text += `${row.map((c) => c.trim()).join(" | ")}\n`;
          row = null;
          break;
      }
    },
  });
  sections.push(current);
  return sections;
}
