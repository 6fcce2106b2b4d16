import "server-only";
import { foldForSearch } from "./fold";

// Question words that documents rarely repeat: a page says "Address: 45 Le Loi", not "where". Each folded
// phrase brings the words a document uses for that kind of fact (both languages: owners mix them).
const EXPANSIONS: [RegExp, string][] = [
  [/\b(where|o dau|cho nao)\b/, "address location dia chi"],
  [/\b(phone|call|goi dien|sdt)\b/, "phone hotline dien thoai"],
];

/** The question with the words its documents would use for what it asks, or null when none apply. */
export function expandQuestion(question: string): string | null {
  const folded = foldForSearch(question);
  const extra = EXPANSIONS.filter(([re]) => re.test(folded)).map(([, words]) => words);
  return extra.length ? `${question} ${extra.join(" ")}` : null;
}
