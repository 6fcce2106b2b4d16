import "server-only";
/**
 * Characters a parse may still produce. Parsers take from it as they emit text and stop once it is spent,
 * so an amplifying file (a shared string referenced by 20,000 cells, a million tiny rows each prefixed
 * with its column name) costs what the budget allows and no more.
 */
export class CharacterBudget {
  readonly limit: number;
  used = 0;
  exhausted = false;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Counts `n` more characters; false once the limit is passed (the caller stops emitting). */
  take(n: number): boolean {
    this.used += n;
    if (this.used > this.limit) this.exhausted = true;
    return !this.exhausted;
  }
}

/** Thrown from inside a walker (XML, rows) to stop it early; caught by the parser that threw it. */
export class BudgetSpent extends Error {
  constructor() {
    super("character budget spent");
    this.name = "BudgetSpent";
  }
}
