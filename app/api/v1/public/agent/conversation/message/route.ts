import { answeringAgent } from "@/lib/agents/answering-agent";
import { ensureVisitor } from "@/lib/auth/visitor";
import { warnOwnerIfDue } from "@/lib/chat/allowance-warnings";
import { ask, type ChatScope, findConversation } from "@/lib/chat/ask";
import { enforcePublicLimits, spentMessage } from "@/lib/chat/limits";
import { answerResponse, askInput } from "@/lib/chat/transport";
import { contracts } from "@/lib/contracts";
import { clientIp, ipDayKeys, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";
import { markIdentified, verifyIdentity } from "@/lib/widget/identity";

const log = logger("chat");

/** Limits and the allowance first (CHAT-8); a visitor seen for the first time gets their cookie with the answer. */
export const POST = route(contracts.sendPublicMessage, async ({ req, body }) => {
  const input = await body();
  const database = await db();
  const agent = await answeringAgent(database, input.agent_id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  const visitor = ensureVisitor(req);
  const scope: ChatScope = {
    agent,
    channel: "public",
    visitorId: visitor.id,
    spent: spentMessage(database, agent.ownerId),
  };
  const conversation = await findConversation(database, scope, input.conversation_id);
  // The limits, then one message of the owner's month; the corpus stamp the answer searches under.
  const ip = clientIp(req);
  const { corpusVersion, ...spent } = await enforcePublicLimits(database, req, {
    visitorId: visitor.id,
    isNewVisitor: visitor.cookie !== null,
    addressKey: ipLimitKey(ip),
    dayKeys: ipDayKeys(ip),
    agentId: agent.id,
    ownerId: agent.ownerId,
    dailyShare: agent.dailyShare,
  });
  // Not awaited: the visitor's answer never waits on the owner's mail server.
  void warnOwnerIfDue(database, agent, spent).catch((err) => log.error("allowance warning:", err));
  const asked = await ask(database, { ...scope, corpusVersion }, askInput(req, input, conversation));
  // A visitor the owner's site signed for (the widget); a wrong hash leaves them anonymous.
  const identified = verifyIdentity(agent.widgetSecret, input.identity);
  if (identified) await markIdentified(database, asked.conversation.id, identified);
  return answerResponse(req, asked, visitor.headers);
});
