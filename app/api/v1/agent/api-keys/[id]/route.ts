import { revokeKey } from "@/lib/api-keys/api-keys";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/** Revoked at once: the next request with the key is a 401. */
export const DELETE = route(contracts.revokeApiKey, async ({ ok, agent, db, params }) => {
  await revokeKey(db, agent.id, params.id);
  return ok({ id: params.id });
});
