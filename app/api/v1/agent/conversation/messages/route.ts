import { isPublicId } from "@/lib/agents/public-id";
import { agentOfOwner } from "@/lib/agents/queries";
import { requireUser } from "@/lib/auth/request";
import { conversationOfAgent, messageSeq, messagesAfter } from "@/lib/chat/conversations";
import { conversationView, messageView } from "@/lib/chat/views";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";
import { db } from "@/lib/server/runtime";

const PAGE = 50;

/** One conversation of the owner's agent, oldest first, 50 at a time after `last_id` (HIST-1). */
export const GET = handle(async (req) => {
  const { user } = await requireUser(req);
  const params = cleanQuery(req.url);
  const id = params.get("conversation_id") ?? "";
  const database = await db();
  const agent = await agentOfOwner(database, user.id);
  const conversation = agent && isPublicId(id) ? await conversationOfAgent(database, agent.id, id) : null;
  if (!agent || !conversation) throw new ApiError("not_found", "conversation_not_found");
  const lastId = params.get("last_id");
  let after = 0;
  if (lastId) {
    const seq = await messageSeq(database, conversation.id, lastId);
    if (seq === null) throw new ApiError("bad_request", "cursor_invalid");
    after = seq;
  }
  const rows = await messagesAfter(database, conversation.id, after, PAGE + 1);
  const page = rows.slice(0, PAGE);
  const hasMore = rows.length > PAGE;
  return ok(
    page.map((m) => messageView(m, conversation.publicId)),
    {
      meta: {
        conversation: conversationView(conversation, agent.publicId),
        last_id: page.at(-1)?.publicId ?? lastId ?? null,
        has_more: hasMore,
      },
    },
  );
});
