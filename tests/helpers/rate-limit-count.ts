import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/** A rate_limits row's count as stored (0 when the key was never counted): what a limit or a mark holds. */
export async function rateLimitCount(db: Db, key: string): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`SELECT count FROM rate_limits WHERE key = ${key}`),
  );
  return Number(rows[0]?.count ?? 0);
}
