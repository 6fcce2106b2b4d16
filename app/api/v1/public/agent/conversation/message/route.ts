import { sendVisitorMessage } from "@/lib/chat/send";
import { answerResponse, visitorRequest } from "@/lib/chat/transport";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/** A visitor's question (CHAT-1, CHAT-8); a visitor seen for the first time gets their cookie with the answer. */
export const POST = route(contracts.sendPublicMessage, async ({ req, db, body }) => {
  const { facts, headers } = visitorRequest(req);
  return answerResponse(req, await sendVisitorMessage(db, facts, await body()), headers);
});
