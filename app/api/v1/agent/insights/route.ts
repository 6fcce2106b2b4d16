import { ownerAgentContext } from "@/lib/agents/owner-request";
import { dateRange, timeZone } from "@/lib/history/days";
import { insights, refusalsPerDay } from "@/lib/history/insight";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";

/**
 * Conversations and messages per day, the share of helpful answers, unanswered questions (HIST-3), and the
 * public-chat messages the abuse limits refused, per day and reason (CHAT-8).
 */
export const GET = handle(async (req) => {
  const { user, agent, db: database } = await ownerAgentContext(req);
  const params = cleanQuery(req.url);
  const { from, to } = dateRange(params.get("from"), params.get("to"));
  const tz = await timeZone(database, params.get("tz"), user.timeZone);
  const [found, refused] = await Promise.all([
    insights(database, agent.id, from, to, tz),
    refusalsPerDay(database, agent.id, from, to, tz),
  ]);
  return ok({ ...found, refused });
});
