import { ownerAgentContext } from "@/lib/agents/owner-request";
import { countsPerDay } from "@/lib/history/calendar";
import { dateRange, timeZone } from "@/lib/history/days";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";

/** Days that have conversations, for marking a calendar (HIST-2). */
export const GET = handle(async (req) => {
  const { user, agent, db: database } = await ownerAgentContext(req);
  const params = cleanQuery(req.url);
  const { from, to } = dateRange(params.get("from"), params.get("to"));
  const tz = await timeZone(database, params.get("tz"), user.timeZone);
  const days = await countsPerDay(database, agent.id, from, to, tz);
  return ok(days.filter((d) => d.conversations > 0 || d.messages > 0));
});
