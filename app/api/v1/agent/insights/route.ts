import { contracts } from "@/lib/contracts";
import { dateRange, timeZone } from "@/lib/history/days";
import { insights, refusalsPerDay } from "@/lib/history/insight";
import { route } from "@/lib/server/route";

export const GET = route(contracts.insights, async ({ ok, user, agent, db, query }) => {
  const { from, to } = dateRange(query.from ?? null, query.to ?? null);
  const tz = await timeZone(db, query.tz ?? null, user.timeZone);
  const [found, refused] = await Promise.all([
    insights(db, agent.id, from, to, tz),
    refusalsPerDay(db, agent.id, from, to, tz),
  ]);
  return ok({ ...found, refused });
});
