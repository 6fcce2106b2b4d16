import { sendOwnerMessage } from "@/lib/chat/send";
import { answerResponse, messageFacts } from "@/lib/chat/transport";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/** The owner's test chat (CHAT-4), or the owner's programs through an API key (BEYOND-3). */
export const POST = route(contracts.sendOwnerMessage, async ({ req, agent, db, body, apiKey }) => {
  const sender = { userId: agent.ownerId, agent, apiKey: apiKey ? { id: apiKey.id } : null };
  return answerResponse(req, await sendOwnerMessage(db, sender, messageFacts(req), await body()));
});
