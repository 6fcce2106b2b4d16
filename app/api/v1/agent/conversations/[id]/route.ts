import { contracts } from "@/lib/contracts";
import { requireEraser } from "@/lib/erase/access";
import { deleteConversation } from "@/lib/erase/conversations";
import { route } from "@/lib/server/route";

/** Its messages go with it (cascade). */
export const DELETE = route(contracts.deleteConversation, async ({ ok, db, user, agent, params }) => {
  await requireEraser(db, user.id, agent);
  return ok(await deleteConversation(db, agent.id, params.id));
});
