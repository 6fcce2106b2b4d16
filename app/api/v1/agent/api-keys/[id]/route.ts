import { revokeKey } from "@/lib/api-keys/api-keys";
import { recordAudit } from "@/lib/audit/events";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { auditActorOf } from "@/lib/server/workspace";

/** Revoked at once: the next request with the key is a 401. */
export const DELETE = route(contracts.revokeApiKey, async ({ ok, agent, user, db, req, params }) => {
  await revokeKey(db, agent.id, params.id);
  const target = { kind: "api_key", id: params.id };
  await recordAudit(db, {
    ...auditActorOf(req, user),
    workspaceId: agent.workspaceId,
    action: "api_key.revoked",
    target,
  });
  return ok({ id: params.id });
});
