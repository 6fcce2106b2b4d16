import { taughtList, teach } from "@/lib/answers/teach";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

export const GET = route(contracts.listAnswers, async ({ ok, db, agent, locale }) =>
  ok(await taughtList({ db, agentId: agent.id, ownerId: agent.ownerId, locale })),
);

/** Counts as a document of the plan: refused, naming the plan, once the agent has none left. */
export const POST = route(contracts.teachAnswer, async ({ ok, db, agent, locale, body }) =>
  ok(await teach({ db, agentId: agent.id, ownerId: agent.ownerId, locale }, await body())),
);
