import { contracts } from "@/lib/contracts";
import { auditErasure, requireEraser } from "@/lib/erase/access";
import { eraseVisitor, visitorKeyOf } from "@/lib/erase/conversations";
import { clientIp } from "@/lib/http/client-ip";
import { route } from "@/lib/server/route";

export const POST = route(contracts.eraseVisitor, async ({ ok, db, req, user, agent, body }) => {
  const member = await requireEraser(db, user.id, agent, clientIp(req));
  const erased = await eraseVisitor(db, agent.id, visitorKeyOf(await body()));
  await auditErasure(db, member, agent, erased.conversations);
  return ok(erased);
});
