import { foldForSearch } from "@/lib/retrieval/fold";

/**
 * A visitor asking for a person in words (issue 46), in Vietnamese or English, with or without diacritics:
 * "gặp người thật", "cho tôi gặp nhân viên", "talk to a human", "speak to a person", "real person please".
 * Folded first (lib/retrieval/fold.ts), so "GẶP NHÂN VIÊN" and "gap nhan vien" are the same.
 */
const PATTERNS = [
  /\b(gap|noi chuyen voi|chat voi|lien he voi|lien he|ket noi voi|ket noi|can|muon gap|goi) (mot )?(nguoi that|nhan vien|tu van vien|nguoi ho tro|nhan vien ho tro|nguoi tu van|nguoi)\b/,
  /\b(nguoi that|nhan vien that|tu van vien)\b/,
  /\b(talk|speak|chat|connect me|get me through|put me through) (to|with) (a |an |the |some )?(real )?(human|person|people|agent|someone|representative|staff|operator|live agent|support agent|team member)\b/,
  /\b(real|live) (person|human|agent)\b/,
  /\bhuman (agent|being|please|support)\b/,
];

export function asksForPerson(text: string): boolean {
  if (text.length > 300) return false;
  const folded = foldForSearch(text);
  return PATTERNS.some((p) => p.test(folded));
}
