/** The suggested-question inputs' rows: a stable key each, so removing one keeps the others' focus and text. */
export type QuestionRow = { key: number; value: string };

let nextKey = 0;
export const questionRows = (questions: string[]): QuestionRow[] =>
  (questions.length ? questions : [""]).map((value) => ({ key: nextKey++, value }));
