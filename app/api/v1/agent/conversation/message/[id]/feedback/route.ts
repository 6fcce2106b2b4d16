import { isPublicId } from "@/lib/agents/public-id";
import { currentUser } from "@/lib/auth/request";
import { messageWithScope, setFeedback } from "@/lib/chat/conversations";
import { messageView } from "@/lib/chat/views";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";

/**
 * The agent's owner may rate any answer of their agent, a visitor only answers in their own conversations.
 * Anything else is a 404, never a 403.
 */
export const POST = route(
  contracts.rateMessage,
  async ({ ok, req, db: database, params: { id }, visitor, body }) => {
    const input = await body();
    const found = isPublicId(id) ? await messageWithScope(database, id) : null;
    if (!found) throw new ApiError("not_found", "message_not_found");
    const isVisitor =
      visitor !== null && found.conversation.channel === "public" && found.conversation.visitorId === visitor;
    const isOwner = !isVisitor && (await currentUser(database, req))?.user.id === found.ownerId;
    if (!isVisitor && !isOwner) throw new ApiError("not_found", "message_not_found");
    if (found.message.role !== "assistant") throw new ApiError("validation_failed", "feedback_on_question");
    const updated = await setFeedback(database, found.message, {
      helpful: input.helpful,
      comment: input.comment || null,
    });
    return ok(messageView(updated, found.conversation.publicId));
  },
);
