import { isPublicId } from "@/lib/agents/public-id";
import { currentUser } from "@/lib/auth/request";
import { messageWithScope, setFeedback } from "@/lib/chat/conversations";
import { FEEDBACK_BODY_LIMIT, feedbackSchema } from "@/lib/chat/input";
import { messageView } from "@/lib/chat/views";
import { visitorOf } from "@/lib/chat/visitor";
import { ApiError } from "@/lib/http/errors";
import { handle, ok, parseJson } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/**
 * Helpful or not, with an optional comment (CHAT-5): the agent's owner may rate any answer of their agent,
 * a visitor only answers in their own conversations. Anything else is a 404, never a 403.
 */
export const POST = handle(async (req, ctx: { params: Promise<{ id: string }> }) => {
  const { id } = await ctx.params;
  const input = await parseJson(req, feedbackSchema, { maxBytes: FEEDBACK_BODY_LIMIT });
  const database = await db();
  const found = isPublicId(id) ? await messageWithScope(database, id) : null;
  if (!found) throw new ApiError("not_found", "message_not_found");
  const visitor = visitorOf(req);
  const isVisitor =
    visitor !== null && found.conversation.channel === "public" && found.conversation.visitorId === visitor;
  const isOwner = !isVisitor && (await currentUser(req))?.user.id === found.ownerId;
  if (!isVisitor && !isOwner) throw new ApiError("not_found", "message_not_found");
  if (found.message.role !== "assistant") throw new ApiError("validation_failed", "feedback_on_question");
  const updated = await setFeedback(database, found.message, {
    helpful: input.helpful,
    comment: input.comment || null,
  });
  return ok(messageView(updated, found.conversation.publicId));
});
