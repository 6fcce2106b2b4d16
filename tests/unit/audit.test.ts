import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordAgentEvent, recordAudit } from "@/lib/audit/events";
import { AUDIT_KEEP_DAYS, auditPurgeQueue, purgeAudit } from "@/lib/audit/jobs";
import { recordPlanChange } from "@/lib/audit/plan";
import { auditEventsOf } from "@/lib/audit/queries";
import { accountForIdentity } from "@/lib/auth/accounts";
import { rowsOf } from "@/lib/db/rows";
import { createOwnWorkspace } from "@/lib/workspaces/queries";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

async function ownerWithWorkspace(email: string) {
  const { db } = database();
  const { user } = await accountForIdentity(db, {
    provider: "email",
    subject: email,
    email,
    emailVerified: true,
  });
  const [existing] = rowsOf<{ workspace_id: string }>(
    await db.execute(sql`SELECT workspace_id FROM workspace_members WHERE user_id = ${user.id}`),
  );
  return { user, workspaceId: existing?.workspace_id ?? (await createOwnWorkspace(db, user.id)) };
}

describe("the audit log", () => {
  it("keeps 365 days: the daily purge removes older events only", async () => {
    const { db } = database();
    const { user, workspaceId } = await ownerWithWorkspace("purge@x.test");
    for (const age of [400, AUDIT_KEEP_DAYS + 1, 364, 0]) {
      await recordAudit(db, {
        workspaceId,
        actorId: user.id,
        ip: "203.0.113.9",
        action: "api_key.created",
        target: { kind: "api_key", id: `k${age}`, label: `${"x".repeat(300)}` },
      });
      await db.execute(sql`UPDATE audit_events SET created_at = now() - make_interval(days => ${age})
        WHERE target_id = ${`k${age}`}`);
    }
    expect(auditPurgeQueue.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(await purgeAudit(db)).toBe(2);
    const left = await auditEventsOf(db, workspaceId, { beforeId: null, limit: 10 });
    expect(left.map((e) => e.targetId)).toEqual(["k0", "k364"]);
    // Labels are cut short: the log names things, it does not copy them.
    expect(left[0]!.targetLabel).toHaveLength(200);
    expect(await purgeAudit(db)).toBe(0);
  });

  it("records a plan change once, from the plan before, in the owner's workspace", async () => {
    const { db } = database();
    const { user, workspaceId } = await ownerWithWorkspace("plan@x.test");
    await recordPlanChange(db, user.id, "free");
    await recordPlanChange(db, user.id, "starter");
    await db.execute(sql`INSERT INTO subscriptions (owner_id, plan, cycle, currency, amount, status, provider,
        current_period_start, current_period_end)
      VALUES (${user.id}, 'starter', 'monthly', 'VND', 1, 'active', 'payos', now(), now() + interval '30 days')`);
    await recordPlanChange(db, user.id, "starter");
    await recordPlanChange(db, user.id, "business");
    await recordAgentEvent(db, { workspaceId, actorId: user.id, ip: null }, "created", {
      id: "a1",
      name: "Lễ tân",
    });
    const events = await auditEventsOf(db, workspaceId, { beforeId: null, limit: 10 });
    expect(events.map((e) => [e.action, e.detail])).toEqual([
      ["agent.created", null],
      ["plan.changed", { from: "starter", to: "business" }],
      ["plan.changed", { from: "free", to: "starter" }],
    ]);
    // Keyset paging: below the newest id, the two older ones.
    const older = await auditEventsOf(db, workspaceId, { beforeId: events[0]!.id, limit: 10 });
    expect(older.map((e) => e.id)).toEqual(events.slice(1).map((e) => e.id));
  });
});
