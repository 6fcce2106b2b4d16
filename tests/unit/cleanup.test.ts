import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountForIdentity } from "@/lib/auth/accounts";
import { createSession, renew } from "@/lib/auth/sessions";
import { rowsOf } from "@/lib/db/rows";
import { cleanUp } from "@/lib/maintenance/cleanup";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

describe("cleanup of sign-in tables", () => {
  it("drops old rotated generations but keeps live tokens and recent history", async () => {
    const { db } = database();
    const { user } = await accountForIdentity(db, {
      provider: "email",
      subject: "c@x.test",
      email: "c@x.test",
      emailVerified: true,
    });
    const first = await createSession(db, user.id, { method: "email" });
    const second = await renew(db, first.renewalToken);
    if (!second.ok) throw new Error("renew failed");
    const third = await renew(db, second.tokens.renewalToken);
    if (!third.ok) throw new Error("renew failed");
    // The first generation was rotated 31 days ago, the second just now.
    await db.execute(sql`UPDATE session_tokens SET rotated_at = now() - interval '31 days'
      WHERE rotated_at = (SELECT min(rotated_at) FROM session_tokens)`);
    await db.execute(
      sql`INSERT INTO rate_limits VALUES ('old', now() - interval '2 days', 3), ('new', now(), 1)`,
    );

    const removed = await cleanUp(db);
    expect(removed).toMatchObject({ rotated_tokens: 1, limits: 1 });
    const left = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM session_tokens`));
    expect(left[0]?.n).toBe(2);
    // The live generation still renews.
    expect((await renew(db, third.tokens.renewalToken)).ok).toBe(true);
    expect(await cleanUp(db)).toMatchObject({ rotated_tokens: 0, limits: 0 });
  });
});
