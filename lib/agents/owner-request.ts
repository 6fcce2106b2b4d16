import "server-only";
import { requireUser } from "@/lib/auth/request";
import { ApiError } from "@/lib/http/errors";
import { db as database } from "@/lib/server/runtime";
import { agentOfOwner } from "./queries";

/** What every owner route starts with: the signed-in owner (else 401) and their agent (404 before setup). */
export async function ownerAgentContext(req: Request) {
  const { user } = await requireUser(req);
  const db = await database();
  const agent = await agentOfOwner(db, user.id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  return { user, agent, db };
}
