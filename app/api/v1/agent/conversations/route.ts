import { conversationSeq } from "@/lib/chat/conversations";
import { conversationView } from "@/lib/chat/views";
import { contracts } from "@/lib/contracts";
import { calendarDate, timeZone } from "@/lib/history/days";
import { filteredConversations } from "@/lib/history/search";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";

const PAGE = 20;

export const GET = route(contracts.listConversations, async ({ ok, user, agent, db, query }) => {
  const date = calendarDate(query.date ?? null, false);
  const tz = await timeZone(db, query.tz ?? null, user.timeZone);
  let beforeSeq: number | null = null;
  if (query.last_id) {
    beforeSeq = await conversationSeq(db, agent.id, query.last_id);
    if (beforeSeq === null) throw new ApiError("bad_request", "cursor_invalid");
  }
  const rows = await filteredConversations(db, agent.id, { beforeSeq, date, tz, q: query.q }, PAGE + 1);
  const page = rows.slice(0, PAGE);
  const hasMore = rows.length > PAGE;
  return ok(
    page.map((c) => conversationView(c, agent.publicId)),
    { meta: { last_id: hasMore ? page.at(-1)!.publicId : null, has_more: hasMore } },
  );
});
