/**
 * An answer's [n] citations as in-page links to the n-th entry of its sources list (CHAT-4). Only numbers
 * the list has become links; an escaped "\[2\]" (quoted text) and a link's own text stay as they are.
 * The anchor carries a per-message prefix, so two answers on one page never point at each other's list.
 */
const CITATION = /(?<!\\)\[(\d{1,3})\](?!\()/g;

export function sourceAnchor(prefix: string, n: number): string {
  return `${prefix}-source-${n}`;
}

export function linkCitations(text: string, count: number, prefix: string): string {
  if (count === 0) return text;
  return text.replace(CITATION, (whole, digits: string) => {
    const n = Number(digits);
    return n >= 1 && n <= count ? `[\\[${n}\\]](#${sourceAnchor(prefix, n)})` : whole;
  });
}

/** The source number an in-page href points at, or null for any other link. */
export function citedSource(href: string | undefined, prefix: string): number | null {
  const m = href?.startsWith(`#${prefix}-source-`) ? /-source-(\d{1,3})$/.exec(href) : null;
  return m ? Number(m[1]) : null;
}

/** Opens a source's entry (its passage shown) and brings it into view. */
export function revealSource(prefix: string, n: number): void {
  const entry = document.getElementById(sourceAnchor(prefix, n));
  if (!entry) return;
  const details = entry.querySelector("details");
  if (details) details.open = true;
  entry.scrollIntoView({ block: "nearest", behavior: "smooth" });
  entry.focus({ preventScroll: true });
}
