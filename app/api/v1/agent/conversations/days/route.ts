import { contracts } from "@/lib/contracts";
import { countsPerDay } from "@/lib/history/calendar";
import { dateRange, timeZone } from "@/lib/history/days";
import { route } from "@/lib/server/route";

export const GET = route(contracts.conversationDays, async ({ ok, user, agent, db, query }) => {
  const { from, to } = dateRange(query.from ?? null, query.to ?? null);
  const tz = await timeZone(db, query.tz ?? null, user.timeZone);
  const days = await countsPerDay(db, agent.id, from, to, tz);
  return ok(days.filter((d) => d.conversations > 0 || d.messages > 0));
});
