import "server-only";
import { requireUser } from "@/lib/auth/request";
import { ApiError } from "@/lib/http/errors";
import { db as database } from "@/lib/server/runtime";
import { agentOfOwner } from "./queries";

/**
 * The one owner lookup (the route builder's `owner-agent`): the signed-in owner (else 401) and their agent
 * (404 before setup, with `missing` as the detail where a route names what was not found its own way).
 */
export async function ownerAgentContext(req: Request, missing = "agent_not_found") {
  const { user, sessionId } = await requireUser(req);
  const db = await database();
  const agent = await agentOfOwner(db, user.id);
  if (!agent) throw new ApiError("not_found", missing);
  return { user, sessionId, agent, db };
}

export type OwnerAgentContext = Awaited<ReturnType<typeof ownerAgentContext>>;
