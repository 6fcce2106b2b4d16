import { agentOfOwner } from "@/lib/agents/queries";
import { requireUser } from "@/lib/auth/request";
import { ownerMessageSchema } from "@/lib/chat/input";
import { enforceOwnerLimits } from "@/lib/chat/limits";
import { type ChatScope, findConversation, sendMessage } from "@/lib/chat/send";
import { ApiError } from "@/lib/http/errors";
import { handle, parseJson } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** The owner's test chat with their own agent (CHAT-4): the visitor's path without the visitor's allowance. */
export const POST = handle(async (req) => {
  const { user } = await requireUser(req);
  const input = await parseJson(req, ownerMessageSchema);
  const database = await db();
  const agent = await agentOfOwner(database, user.id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  const scope: ChatScope = { agent, channel: "owner", visitorId: null, setCookie: null };
  const conversation = await findConversation(database, scope, input.conversation_id);
  await enforceOwnerLimits(database, user.id);
  return sendMessage(database, req, scope, input, conversation);
});
