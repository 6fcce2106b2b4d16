import { agentOfOwner } from "@/lib/agents/queries";
import { requireUser } from "@/lib/auth/request";
import { dateRange, timeZone } from "@/lib/chat/days";
import { countsPerDay } from "@/lib/chat/history";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** Days that have conversations, for marking a calendar (HIST-2). */
export const GET = handle(async (req) => {
  const { user } = await requireUser(req);
  const params = new URL(req.url).searchParams;
  const database = await db();
  const agent = await agentOfOwner(database, user.id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  const { from, to } = dateRange(params.get("from"), params.get("to"));
  const tz = await timeZone(database, params.get("tz"));
  const days = await countsPerDay(database, agent.id, from, to, tz);
  return ok(days.filter((d) => d.conversations > 0 || d.messages > 0));
});
