import { agentOfOwner } from "@/lib/agents/queries";
import { requireUser } from "@/lib/auth/request";
import { conversationSeq, conversationsOfAgent } from "@/lib/chat/conversations";
import { conversationView } from "@/lib/chat/views";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

const PAGE = 20;

/** The owner's conversations, newest first, on a `last_id` cursor (HIST-1). */
export const GET = handle(async (req) => {
  const { user } = await requireUser(req);
  const database = await db();
  const agent = await agentOfOwner(database, user.id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  const lastId = new URL(req.url).searchParams.get("last_id");
  let before: number | null = null;
  if (lastId) {
    before = await conversationSeq(database, agent.id, lastId);
    if (before === null) throw new ApiError("bad_request", "cursor_invalid");
  }
  const rows = await conversationsOfAgent(database, agent.id, before, PAGE + 1);
  const page = rows.slice(0, PAGE);
  const hasMore = rows.length > PAGE;
  return ok(
    page.map((c) => conversationView(c, agent.publicId)),
    { meta: { last_id: hasMore ? page.at(-1)!.publicId : null, has_more: hasMore } },
  );
});
