import { contracts } from "@/lib/contracts";
import { auditErasure, requireEraser } from "@/lib/erase/access";
import { deleteConversation } from "@/lib/erase/conversations";
import { clientIp } from "@/lib/http/client-ip";
import { route } from "@/lib/server/route";

/** Its messages go with it (cascade). */
export const DELETE = route(contracts.deleteConversation, async ({ ok, db, req, user, agent, params }) => {
  const member = await requireEraser(db, user.id, agent, clientIp(req));
  const deleted = await deleteConversation(db, agent.id, params.id);
  await auditErasure(db, member, agent, 1);
  return ok(deleted);
});
