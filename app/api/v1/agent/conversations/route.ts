import { ownerAgentContext } from "@/lib/agents/owner-request";
import { conversationSeq } from "@/lib/chat/conversations";
import { conversationView } from "@/lib/chat/views";
import { calendarDate, timeZone } from "@/lib/history/days";
import { filteredConversations } from "@/lib/history/search";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";

const PAGE = 20;
const MAX_QUERY = 200;

/** The owner's conversations, newest first, on a `last_id` cursor; by day and by words (HIST-1, HIST-2). */
export const GET = handle(async (req) => {
  const { user, agent, db: database } = await ownerAgentContext(req);
  const params = cleanQuery(req.url);
  const date = calendarDate(params.get("date"), false);
  const tz = await timeZone(database, params.get("tz"), user.timeZone);
  const q = params.get("q")?.trim().slice(0, MAX_QUERY) || null;
  const lastId = params.get("last_id");
  let beforeSeq: number | null = null;
  if (lastId) {
    beforeSeq = await conversationSeq(database, agent.id, lastId);
    if (beforeSeq === null) throw new ApiError("bad_request", "cursor_invalid");
  }
  const rows = await filteredConversations(database, agent.id, { beforeSeq, date, tz, q }, PAGE + 1);
  const page = rows.slice(0, PAGE);
  const hasMore = rows.length > PAGE;
  return ok(
    page.map((c) => conversationView(c, agent.publicId)),
    { meta: { last_id: hasMore ? page.at(-1)!.publicId : null, has_more: hasMore } },
  );
});
