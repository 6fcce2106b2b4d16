import { textsVi } from "./texts-vi";

/**
 * The reference page's reading of the document's texts (summaries, field descriptions) in its language:
 * Vietnamese from texts-vi.ts, English as the contracts write it. A text without a translation falls back
 * to the English rather than disappearing; tests/unit/openapi-texts-vi.test.ts keeps that from shipping.
 */
export function docText(lang: string): <T extends string | undefined>(text: T) => T {
  if (lang !== "vi") return (text) => text;
  return (text) => (text === undefined ? text : ((textsVi[text] ?? text) as typeof text));
}
