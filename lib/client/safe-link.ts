/**
 * Answers are written by a language model from documents anyone could have uploaded: a link in them is
 * followed only when it goes to a web page or an e-mail address. Relative, javascript:, data:, vbscript:
 * and anything else are shown as text.
 */
const ALLOWED = new Set(["http:", "https:", "mailto:"]);

export function safeHref(href: string | undefined | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return ALLOWED.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export const LINK_REL = "noopener noreferrer nofollow ugc";
