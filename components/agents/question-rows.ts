/** The suggested-question inputs' rows: a stable key each, so removing one keeps the others' focus and text. */
export type QuestionRow = { key: number; value: string; icon: string | null };

let nextKey = 0;
export const questionRows = (questions: string[], icons: Record<string, string> = {}): QuestionRow[] =>
  (questions.length ? questions : [""]).map((value) => ({
    key: nextKey++,
    value,
    icon: Object.hasOwn(icons, value) ? (icons[value] ?? null) : null,
  }));

/** The rows' icons by question, as the API takes them; a blank row's icon goes nowhere. */
export const iconsOfRows = (rows: QuestionRow[]): Record<string, string> =>
  Object.fromEntries(rows.flatMap((r) => (r.icon && r.value.trim() ? [[r.value.trim(), r.icon]] : [])));
