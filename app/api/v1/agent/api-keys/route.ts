import { createKey, listKeys } from "@/lib/api-keys/api-keys";
import { apiKeyView } from "@/lib/api-keys/views";
import { recordAudit } from "@/lib/audit/events";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { auditActorOf } from "@/lib/server/workspace";

export const GET = route(contracts.listApiKeys, async ({ ok, agent, db }) => {
  return ok((await listKeys(db, agent.id)).map(apiKeyView));
});

/** The key is in this answer only; the owner copies it now or makes another. */
export const POST = route(contracts.createApiKey, async ({ ok, agent, user, db, req, body }) => {
  const { name } = await body();
  const { key, ...row } = await createKey(db, agent.id, name);
  const target = { kind: "api_key", id: row.publicId, label: row.name };
  await recordAudit(db, {
    ...auditActorOf(req, user),
    workspaceId: agent.workspaceId,
    action: "api_key.created",
    target,
  });
  const { last_used_at: _, ...view } = apiKeyView(row);
  return ok({ ...view, key }, { status: 201, headers: { "cache-control": "no-store" } });
});
