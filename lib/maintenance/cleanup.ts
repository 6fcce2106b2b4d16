import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * Keeps the sign-in tables small. Rotated token generations are kept 30 days so a replayed renewal token is
 * still recognised as theft for that long (after that it is merely unknown); everything else goes once it
 * can no longer be used.
 */
export async function cleanUp(db: Db): Promise<Record<string, number>> {
  const statements = {
    rotated_tokens: sql`DELETE FROM session_tokens WHERE rotated_at < now() - interval '30 days'`,
    ended_sessions: sql`DELETE FROM sessions WHERE revoked_at < now() - interval '30 days'`,
    codes: sql`DELETE FROM otp_codes WHERE expires_at < now() - interval '1 day'`,
    flows: sql`DELETE FROM oauth_flows WHERE inserted_at < now() - interval '1 day'`,
    // No limit window is longer than a day.
    limits: sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`,
  };
  const removed: Record<string, number> = {};
  for (const [name, statement] of Object.entries(statements)) {
    const result = await db.execute(
      sql`WITH gone AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    );
    removed[name] = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }
  return removed;
}
