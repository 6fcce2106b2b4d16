import { publicAgent } from "@/lib/agents/agent";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

export const GET = route(contracts.getPublicAgent, async ({ ok, params, locale }) => {
  const agent = await publicAgent(await db(), params.id, locale);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  return ok(agent);
});
