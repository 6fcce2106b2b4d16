import { ownerAgent, saveOwnerAgent } from "@/lib/agents/agent";
import { AGENT_BODY_LIMIT, agentInputSchema } from "@/lib/agents/input";
import { requireUser } from "@/lib/auth/request";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { handle, ok, parseJson } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** The signed-in owner's agent (AGENT-1); 404 until setup has saved it once. */
export const GET = handle(async (req) => {
  const { user } = await requireUser(req);
  const agent = await ownerAgent(await db(), user.id, requestLocale(req));
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  return ok(agent);
});

/** Creates the owner's agent (201) or updates it (200): an owner has exactly one. */
export const POST = handle(async (req) => {
  const { user } = await requireUser(req);
  const input = await parseJson(req, agentInputSchema, { maxBytes: AGENT_BODY_LIMIT });
  const { agent, created } = await saveOwnerAgent(await db(), user.id, input, requestLocale(req));
  return ok(agent, { status: created ? 201 : 200 });
});
