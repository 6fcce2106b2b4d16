import "server-only";
import type { Section } from "../types.ts";

/** Inline markup a reader does not see: emphasis, code ticks, link and image syntax, raw HTML tags. */
function plain(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/<\/?[a-zA-Z][^>]*>/g, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`([^`]+)`/g, "$1");
}

/**
 * ATX (# …) and setext (=== / ---) headings open sections; fenced code is kept verbatim and never read as
 * headings; list markers and quote marks go, their text stays.
 */
export function parseMarkdown(text: string): Section[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const sections: Section[] = [];
  let current: Section = { heading: null, text: "" };
  let fence: string | null = null;
  const open = (heading: string) => {
    sections.push(current);
    current = { heading, text: "" };
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMark = /^\s{0,3}(```|~~~)/.exec(line);
    if (fence) {
      if (fenceMark && line.trim().startsWith(fence)) fence = null;
      else current.text += `${line}\n`;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark[1]!;
      continue;
    }
    const atx = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (atx) {
      open(plain(atx[1]!));
      continue;
    }
    const next = lines[i + 1];
    if (
      line.trim() &&
      next !== undefined &&
      /^\s{0,3}(=+|-{2,})\s*$/.test(next) &&
      !/^\s*[-*+]\s/.test(line)
    ) {
      open(plain(line.trim()));
      i++;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    const body = line.replace(/^\s*>\s?/, "").replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, "");
    current.text += `${plain(body)}\n`;
  }
  sections.push(current);
  return sections;
}
