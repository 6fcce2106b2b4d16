import { isPublicId } from "@/lib/agents/public-id";
import { currentUser } from "@/lib/auth/request";
import { messageWithScope, setFeedback } from "@/lib/chat/conversations";
import { messageView } from "@/lib/chat/views";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";
import { isMemberOf } from "@/lib/workspaces/current";

/**
 * Any member of the agent's workspace may rate any answer of it, a visitor only answers in their own
 * conversations.
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
    const signedIn = isVisitor ? null : await currentUser(database, req);
    const isOwner = signedIn !== null && (await isMemberOf(database, signedIn.user.id, found.workspaceId));
    if (!isVisitor && !isOwner) throw new ApiError("not_found", "message_not_found");
    if (found.message.role !== "assistant") throw new ApiError("validation_failed", "feedback_on_question");
    const updated = await setFeedback(database, found.message, {
      helpful: input.helpful,
      comment: input.comment || null,
    });
    return ok(messageView(updated, found.conversation.publicId));
  },
);
