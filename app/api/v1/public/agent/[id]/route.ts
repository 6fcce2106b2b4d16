import { publicAgent } from "@/lib/agents/agent";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { handle, ok } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** AGENT-7: what a visitor may know about an agent, without a token. */
export const GET = handle(async (req, { params }: { params: Promise<{ id: string }> }) => {
  const agent = await publicAgent(await db(), (await params).id, requestLocale(req));
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  return ok(agent);
});
