import { ownerAgentContext } from "@/lib/agents/owner-request";
import { ask, type ChatScope, findConversation } from "@/lib/chat/ask";
import { MESSAGE_BODY_LIMIT, ownerMessageSchema } from "@/lib/chat/input";
import { enforceOwnerLimits } from "@/lib/chat/limits";
import { answerResponse, askInput } from "@/lib/chat/transport";
import { handle, parseJson } from "@/lib/http/respond";

/** The owner's test chat with their own agent (CHAT-4): the visitor's path without the visitor's allowance. */
export const POST = handle(async (req) => {
  const { user, agent, db: database } = await ownerAgentContext(req);
  const input = await parseJson(req, ownerMessageSchema, { maxBytes: MESSAGE_BODY_LIMIT });
  const scope: ChatScope = { agent, channel: "owner", visitorId: null };
  const conversation = await findConversation(database, scope, input.conversation_id);
  await enforceOwnerLimits(database, user.id);
  return answerResponse(req, await ask(database, scope, askInput(req, input, conversation)));
});
