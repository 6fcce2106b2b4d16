import { contracts } from "@/lib/contracts";
import { retentionOf } from "@/lib/erase/retention";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";
import { atLeast } from "@/lib/workspaces/roles";

export const GET = route(contracts.getRetention, async ({ ok, user, db, req }) => {
  const member = await workspaceOfRequest(db, req, user);
  return ok({
    retention_days: await retentionOf(db, member.workspaceId),
    can_change: atLeast(member.role, "admin"),
  });
});
