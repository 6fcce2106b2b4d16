import { agentByPublicId } from "@/lib/agents/queries";
import { warnOwnerIfDue } from "@/lib/chat/allowance-warnings";
import { ask, type ChatScope, findConversation } from "@/lib/chat/ask";
import { MESSAGE_BODY_LIMIT, publicMessageSchema } from "@/lib/chat/input";
import { enforcePublicLimits, refundAllowance, spendAllowance } from "@/lib/chat/limits";
import { answerResponse, askInput } from "@/lib/chat/transport";
import { ensureVisitor } from "@/lib/chat/visitor";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { handle, parseJson } from "@/lib/http/respond";
import { db } from "@/lib/server/runtime";

/** A visitor's question on the public page (CHAT-1, CHAT-2), answered as SSE or JSON; limits first (CHAT-8). */
export const POST = handle(async (req) => {
  const input = await parseJson(req, publicMessageSchema, { maxBytes: MESSAGE_BODY_LIMIT });
  const database = await db();
  const agent = await agentByPublicId(database, input.agent_id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  const visitor = ensureVisitor(req);
  const scope: ChatScope = {
    agent,
    channel: "public",
    visitorId: visitor.id,
    onFailed: () => refundAllowance(database, agent.ownerId),
  };
  const conversation = await findConversation(database, scope, input.conversation_id);
  await enforcePublicLimits(database, req, {
    visitorId: visitor.id,
    isNewVisitor: visitor.cookie !== null,
    addressKey: ipLimitKey(clientIp(req)),
    agentId: agent.id,
    ownerId: agent.ownerId,
  });
  const spent = await spendAllowance(database, agent.ownerId, agent.id);
  // Not awaited: the visitor's answer never waits on the owner's mail server.
  void warnOwnerIfDue(database, agent, spent).catch((err) => console.error("[chat] allowance warning:", err));
  return answerResponse(req, await ask(database, scope, askInput(req, input, conversation)), visitor.cookie);
});
