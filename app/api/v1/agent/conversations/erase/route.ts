import { contracts } from "@/lib/contracts";
import { requireEraser } from "@/lib/erase/access";
import { eraseVisitor, visitorKeyOf } from "@/lib/erase/conversations";
import { route } from "@/lib/server/route";

export const POST = route(contracts.eraseVisitor, async ({ ok, db, user, agent, body }) => {
  await requireEraser(db, user.id, agent);
  return ok(await eraseVisitor(db, agent.id, visitorKeyOf(await body())));
});
