import { reteach, untaught } from "@/lib/answers/teach";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

export const PATCH = route(contracts.updateAnswer, async ({ ok, db, agent, locale, params, body }) =>
  ok(await reteach({ db, agentId: agent.id, ownerId: agent.ownerId, locale }, params.id, await body())),
);

export const DELETE = route(contracts.deleteAnswer, async ({ ok, db, agent, locale, params }) =>
  ok(await untaught({ db, agentId: agent.id, ownerId: agent.ownerId, locale }, params.id)),
);
