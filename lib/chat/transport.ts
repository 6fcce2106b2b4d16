import "server-only";
import { ensureVisitor } from "@/lib/auth/visitor";
import { deviceInfoFromUserAgent } from "@/lib/device/detect";
import { clientIp, ipDayKeys, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { ok } from "@/lib/http/respond";
import { sseResponse, wantsEventStream } from "@/lib/http/sse";
import { translate } from "@/lib/i18n/messages";
import { CHALLENGE_HEADER } from "@/lib/limits/challenge";
import type { Asked } from "./ask";
import type { MessageRow } from "./conversations";
import type { MessageFacts, VisitorFacts } from "./send";
import { messageView } from "./views";

/**
 * The chat engine over HTTP (docs/chat-api.md): what a request says becomes ask()'s input, and its events
 * become server-sent events when the client accepts them, else one JSON answer once the answer is stored.
 */

/** What an HTTP request says of its message besides the body (lib/chat/send.ts). */
export function messageFacts(req: Request): MessageFacts {
  return { locale: requestLocale(req), device: deviceClass(req) };
}

/**
 * A visitor's request at the edge: who they are (a first visit gets its cookie; `headers` go with the
 * answer), where from, and the challenge they solved.
 */
export function visitorRequest(req: Request): { facts: VisitorFacts; headers: Record<string, string> } {
  const visitor = ensureVisitor(req);
  const ip = clientIp(req);
  return {
    facts: {
      ...messageFacts(req),
      visitor: { id: visitor.id, isNew: visitor.cookie !== null },
      addressKey: ipLimitKey(ip),
      dayKeys: ipDayKeys(ip),
      challengeSolution: req.headers.get(CHALLENGE_HEADER),
    },
    headers: visitor.headers,
  };
}

/** `setCookie` is the visitor cookie of a visitor seen for the first time. */
export function answerResponse(
  req: Request,
  asked: Asked,
  headers: Record<string, string> = {},
): Promise<Response> {
  return wantsEventStream(req)
    ? Promise.resolve(eventStream(req, asked, headers))
    : json(req, asked, headers);
}

async function json(req: Request, asked: Asked, headers: Record<string, string>): Promise<Response> {
  const { conversation, question } = asked;
  let answer: MessageRow | null = null;
  let handoff: "offered" | "waiting" | "live" | null = null;
  for await (const e of asked.events(req.signal)) {
    if (e.type === "error") throw new ApiError("service_unavailable", e.errorKey, {}, undefined, headers);
    if (e.type === "done") answer = e.message;
    if (e.type === "handoff") handoff = e.state;
  }
  // A question a person answers (issue 46) has no answer here; otherwise there is one, unless the client
  // left before the first word: nothing was stored, and nobody reads this.
  if (!answer && (handoff === null || handoff === "offered"))
    throw new Error("the answer ended without a message");
  return ok(
    {
      conversation_id: conversation.publicId,
      question: messageView(question, conversation.publicId),
      message: answer ? messageView(answer, conversation.publicId) : null,
      ...(handoff ? { handoff } : {}),
    },
    { headers },
  );
}

function eventStream(req: Request, asked: Asked, headers: Record<string, string>): Response {
  const { conversation, question } = asked;
  const conversationId = conversation.publicId;
  return sseResponse(
    req,
    async (out) => {
      // Read to the end even when the reader left: the answer is still stored (as aborted), sends are no-ops.
      for await (const e of asked.events(out.signal)) {
        switch (e.type) {
          case "start":
            out.send("start", {
              conversation_id: conversationId,
              question: messageView(question, conversationId),
              message_id: e.messageId,
            });
            break;
          case "sources":
            out.send("sources", { sources: e.sources });
            break;
          case "delta":
            out.send("delta", { text: e.text });
            break;
          case "done":
            out.send("done", { message: messageView(e.message, conversationId) });
            break;
          case "handoff":
            // `offered` follows an answer; `waiting` and `live` replace it: the question went to a person.
            out.send("handoff", {
              state: e.state,
              conversation_id: conversationId,
              question: messageView(question, conversationId),
            });
            break;
          case "error":
            out.send("error", {
              error: {
                status: 503,
                message: "service_unavailable",
                detail: translate(requestLocale(req), `errors.${e.errorKey}`),
              },
              message_id: e.messageId,
            });
            break;
        }
      }
    },
    headers,
  );
}

function deviceClass(req: Request): string | null {
  const ua = req.headers.get("user-agent");
  if (!ua) return null;
  const d = deviceInfoFromUserAgent(ua);
  return d.isMobile ? "mobile" : d.isTablet ? "tablet" : "desktop";
}
