import { isPublicId } from "@/lib/agents/public-id";
import { agentById } from "@/lib/agents/queries";
import { conversationOfVisitor, messagesAfter } from "@/lib/chat/conversations";
import { conversationView, messageView } from "@/lib/chat/views";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { db } from "@/lib/server/runtime";

const MAX_MESSAGES = 500;

export const GET = route(contracts.publicMessages, async ({ ok, query, visitor }) => {
  const id = query.conversation_id ?? "";
  if (!visitor || !isPublicId(id)) throw new ApiError("not_found", "conversation_not_found");
  const database = await db();
  const conversation = await conversationOfVisitor(database, visitor, id);
  const agent = conversation ? await agentById(database, conversation.agentId) : null;
  if (!conversation || !agent) throw new ApiError("not_found", "conversation_not_found");
  const rows = await messagesAfter(database, conversation.id, 0, MAX_MESSAGES);
  return ok(
    rows.map((m) => messageView(m, conversation.publicId)),
    { meta: { conversation: conversationView(conversation, agent.publicId) } },
  );
});
