import { enforceOwnerLimits } from "@/lib/chat/limits";
import { type ChatScope, findConversation, sendMessage } from "@/lib/chat/send";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/http/route";

export const POST = route(contracts.sendOwnerMessage, async ({ req, user, agent, db, body }) => {
  const input = await body();
  const scope: ChatScope = { agent, channel: "owner", visitorId: null, setCookie: null };
  const conversation = await findConversation(db, scope, input.conversation_id);
  await enforceOwnerLimits(db, user.id);
  return sendMessage(db, req, scope, input, conversation);
});
