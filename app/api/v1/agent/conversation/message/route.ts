import { ask, type ChatScope, findConversation } from "@/lib/chat/ask";
import { enforceOwnerLimits } from "@/lib/chat/limits";
import { answerResponse, askInput } from "@/lib/chat/transport";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/http/route";

/** The owner's test chat with their own agent (CHAT-4): the visitor's path without the visitor's allowance. */
export const POST = route(contracts.sendOwnerMessage, async ({ req, user, agent, db, body }) => {
  const input = await body();
  const scope: ChatScope = { agent, channel: "owner", visitorId: null };
  const conversation = await findConversation(db, scope, input.conversation_id);
  await enforceOwnerLimits(db, user.id);
  return answerResponse(req, await ask(db, scope, askInput(req, input, conversation)));
});
