import { ownerAgentContext } from "@/lib/agents/owner-request";
import { dateRange, timeZone } from "@/lib/chat/days";
import { insights } from "@/lib/chat/history";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";

/** Conversations and messages per day, the share of helpful answers, unanswered questions (HIST-3). */
export const GET = handle(async (req) => {
  const { agent, db: database } = await ownerAgentContext(req);
  const params = cleanQuery(req.url);
  const { from, to } = dateRange(params.get("from"), params.get("to"));
  const tz = await timeZone(database, params.get("tz"));
  return ok(await insights(database, agent.id, from, to, tz));
});
