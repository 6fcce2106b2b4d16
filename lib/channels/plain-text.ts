import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";

/**
 * An answer as the platforms show it: none of them renders markdown, so the marks are taken out (a link
 * keeps its address beside its text) and the sources follow as plain lines with their links.
 */

type Source = { title: string; url: string | null };

export function plainAnswer(markdown: string, sources: readonly Source[], locale: Locale): string {
  const body = stripMarkdown(markdown);
  const linked = sources.filter((s) => s.url);
  if (linked.length === 0) return body;
  const lines = linked.map((s, i) => `${i + 1}. ${s.title} — ${s.url}`);
  return `${body}\n\n${translate(locale, "channels.sources")}\n${lines.join("\n")}`;
}

export function stripMarkdown(text: string): string {
  return (
    text
      // Fenced code keeps its content without the fences.
      .replace(/```[^\n]*\n([\s\S]*?)```/g, "$1")
      // Images and links: the text, then the address.
      .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, "$1 ($2)")
      .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_m, label: string, href: string) =>
        label === href ? href : `${label} (${href})`,
      )
      .replace(/^#{1,6}\s+/gm, "")
      .replace(/^\s*>\s?/gm, "")
      .replace(/^(\s*)[*+]\s+/gm, "$1• ")
      .replace(/(\*\*|__)(.+?)\1/g, "$2")
      .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, "$1$2")
      .replace(/`([^`\n]+)`/g, "$1")
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}
