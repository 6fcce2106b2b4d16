import { isPublicId } from "@/lib/agents/public-id";
import { agentById } from "@/lib/agents/queries";
import { conversationOfVisitor, messagesAfter } from "@/lib/chat/conversations";
import { conversationView, messageView } from "@/lib/chat/views";
import { visitorOf } from "@/lib/chat/visitor";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";
import { db } from "@/lib/server/runtime";

const MAX_MESSAGES = 500;

/** A visitor's own conversation (the signed cookie decides); anyone else's is a 404 (CHAT-1). */
export const GET = handle(async (req) => {
  const id = cleanQuery(req.url).get("conversation_id") ?? "";
  const visitor = visitorOf(req);
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
