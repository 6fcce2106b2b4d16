import { warnOwnerIfDue } from "@/lib/chat/allowance-warnings";
import { ask, type ChatScope, findConversation } from "@/lib/chat/ask";
import { enforceOwnerLimits, spendAllowance, spentMessage } from "@/lib/chat/limits";
import { answerResponse, askInput } from "@/lib/chat/transport";
import { contracts } from "@/lib/contracts";
import { logger } from "@/lib/logger";
import { route } from "@/lib/server/route";

const log = logger("chat");

/**
 * The owner's test chat with their own agent (CHAT-4): the visitor's path without the visitor's allowance.
 * With an API key (BEYOND-3) it is the owner's programs asking on behalf of their own users: real traffic,
 * so each message spends the plan's monthly allowance like a visitor's (given back when no answer came),
 * in conversations of the `api` channel that only the agent's keys continue.
 */
export const POST = route(contracts.sendOwnerMessage, async ({ req, user, agent, db, body, apiKey }) => {
  const input = await body();
  const scope: ChatScope = apiKey
    ? {
        agent,
        channel: "api",
        visitorId: null,
        apiKeyId: apiKey.id,
        spent: spentMessage(db, user.id),
      }
    : { agent, channel: "owner", visitorId: null };
  const conversation = await findConversation(db, scope, input.conversation_id);
  if (apiKey) {
    const spent = await spendAllowance(db, user.id, agent.id);
    void warnOwnerIfDue(db, agent, spent).catch((err) => log.error("allowance warning:", err));
  } else {
    await enforceOwnerLimits(db, user.id);
  }
  return answerResponse(req, await ask(db, scope, askInput(req, input, conversation)));
});
