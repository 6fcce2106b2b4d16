import { isPublicId } from "@/lib/agents/public-id";
import { conversationOfAgent, messageSeq, messagesAfter } from "@/lib/chat/conversations";
import { conversationView, messageView } from "@/lib/chat/views";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";

const PAGE = 50;

/** An owner without an agent has no conversation to show: the same 404 as a conversation not theirs. */
export const GET = route(
  contracts.ownerMessages,
  async ({ ok, agent, db, query }) => {
    const id = query.conversation_id ?? "";
    const conversation = isPublicId(id) ? await conversationOfAgent(db, agent.id, id) : null;
    if (!conversation) throw new ApiError("not_found", "conversation_not_found");
    const lastId = query.last_id;
    let after = 0;
    if (lastId) {
      const seq = await messageSeq(db, conversation.id, lastId);
      if (seq === null) throw new ApiError("bad_request", "cursor_invalid");
      after = seq;
    }
    const rows = await messagesAfter(db, conversation.id, after, PAGE + 1);
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
  },
  { missingAgent: "conversation_not_found" },
);
