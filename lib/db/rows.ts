import "server-only";

/** The rows of a raw query (`db.execute`), typed as the SQL selects them; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: { rows: unknown[] }): T[] {
  return result.rows as T[];
}
