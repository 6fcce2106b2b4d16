import { randomBytes } from "node:crypto";
import type { AgentRow } from "@/lib/agents/queries";
import type { Db } from "@/lib/db/client";
import type { ConversationChannel } from "@/lib/db/schema";
import { deviceInfoFromUserAgent } from "@/lib/device/detect";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { ok } from "@/lib/http/respond";
import { sseResponse, wantsEventStream } from "@/lib/http/sse";
import { translate } from "@/lib/i18n/messages";
import { detectLanguage } from "@/lib/retrieval/language";
import type { Turn } from "@/lib/retrieval/rewrite";
import { type AnswerEvent, type AnswerOutcome, composeAnswer } from "./answer";
import {
  type ConversationRow,
  conversationInScope,
  createConversation,
  deleteMessage,
  insertMessage,
  type MessageRow,
  recentTurns,
} from "./conversations";
import type { MessageInput } from "./input";
import { messageView } from "./views";

/**
 * One question, end to end, for the public page and the owner's test chat alike: the conversation (found in
 * the caller's scope or started), the question stored before anything can fail, the answer streamed as
 * server-sent events or returned as JSON, and the answer stored with its sources.
 */
export type ChatScope = {
  agent: AgentRow;
  channel: ConversationChannel;
  /** The visitor (public channel); null for the owner. */
  visitorId: string | null;
  /** Set-Cookie for a visitor seen for the first time. */
  setCookie: string | null;
  /** Called when no answer came of the question (the model failed): gives the allowance back. */
  onFailed?: () => Promise<void>;
};

const HISTORY_TURNS = 6;
const HISTORY_CHARS = 1500;

export const newMessageId = () => `msg_${randomBytes(12).toString("base64url")}`;
export const newConversationId = () => `conv_${randomBytes(12).toString("base64url")}`;

export async function findConversation(db: Db, scope: ChatScope, id: string | null | undefined) {
  if (!id) return null;
  const found = await conversationInScope(db, {
    publicId: id,
    agentId: scope.agent.id,
    channel: scope.channel,
    visitorId: scope.visitorId,
  });
  if (!found) throw new ApiError("not_found", "conversation_not_found");
  return found;
}

export async function sendMessage(
  db: Db,
  req: Request,
  scope: ChatScope,
  input: MessageInput,
  existing: ConversationRow | null,
): Promise<Response> {
  const startedAt = Date.now();
  const { agent } = scope;
  const hint = input.locale ?? requestLocale(req);
  const language =
    agent.language === "en" || agent.language === "vi" ? agent.language : detectLanguage(input.content, hint);
  const conversation =
    existing ??
    (await createConversation(db, {
      publicId: newConversationId(),
      agentId: agent.id,
      channel: scope.channel,
      visitorId: scope.visitorId,
      title: input.content,
      language,
      device: deviceClass(req),
    }));
  const turns = await recentTurns(db, conversation.id, HISTORY_TURNS * 2 + 2);
  const question = await questionRow(db, conversation, turns, input.content, language);
  const history = historyBefore(turns, question);
  const headers: Record<string, string> = scope.setCookie ? { "set-cookie": scope.setCookie } : {};
  const answerId = newMessageId();
  const questionView = messageView(question, conversation.publicId);

  if (!wantsEventStream(req)) {
    const outcome = await composeAnswer(db, {
      agent,
      question: input.content,
      history,
      language,
      signal: req.signal,
      startedAt,
      onEvent: () => {},
    });
    const stored = await storeAnswer(db, scope, conversation, answerId, outcome, language);
    if (outcome.status === "failed") {
      throw new ApiError(
        "service_unavailable",
        outcome.errorKey ?? "chat_upstream_failed",
        {},
        undefined,
        headers,
      );
    }
    return ok(
      {
        conversation_id: conversation.publicId,
        question: questionView,
        message: messageView(stored!, conversation.publicId),
      },
      { headers },
    );
  }

  return sseResponse(
    req,
    async (out) => {
      out.send("start", {
        conversation_id: conversation.publicId,
        question: questionView,
        message_id: answerId,
      });
      const outcome = await composeAnswer(db, {
        agent,
        question: input.content,
        history,
        language,
        signal: out.signal,
        startedAt,
        onEvent: (e: AnswerEvent) =>
          e.type === "sources"
            ? out.send("sources", { sources: e.sources })
            : out.send("delta", { text: e.text }),
      });
      const stored = await storeAnswer(db, scope, conversation, answerId, outcome, language);
      if (outcome.status === "failed") {
        const locale = requestLocale(req);
        const code = outcome.errorKey ?? "chat_upstream_failed";
        out.send("error", {
          error: { status: 503, message: "service_unavailable", detail: translate(locale, `errors.${code}`) },
          message_id: answerId,
        });
      } else if (stored) {
        out.send("done", { message: messageView(stored, conversation.publicId) });
      }
    },
    headers,
  );
}

/**
 * The stored question this request answers. Re-sending the question whose answer failed (or never came)
 * answers that same question again instead of storing it twice.
 */
async function questionRow(
  db: Db,
  conversation: ConversationRow,
  turns: MessageRow[],
  content: string,
  language: string,
): Promise<MessageRow> {
  const last = turns.at(-1);
  const beforeLast = turns.at(-2);
  if (last?.role === "user" && last.content === content) return last;
  if (
    last?.role === "assistant" &&
    last.status !== "complete" &&
    beforeLast?.role === "user" &&
    beforeLast.content === content
  ) {
    await deleteMessage(db, last);
    turns.pop();
    return beforeLast;
  }
  return insertMessage(db, {
    publicId: newMessageId(),
    conversationId: conversation.id,
    agentId: conversation.agentId,
    role: "user",
    content,
    language,
  });
}

/** Earlier complete turns, newest last, each shortened: the model's context and the follow-up's subject. */
function historyBefore(turns: MessageRow[], question: MessageRow): Turn[] {
  return turns
    .filter((t) => t.seq < question.seq && t.status === "complete")
    .slice(-HISTORY_TURNS)
    .map((t) => ({ role: t.role, content: t.content.slice(0, HISTORY_CHARS) }));
}

async function storeAnswer(
  db: Db,
  scope: ChatScope,
  conversation: ConversationRow,
  id: string,
  outcome: AnswerOutcome,
  language: string,
): Promise<MessageRow | null> {
  if (outcome.status === "failed") await scope.onFailed?.().catch(() => {});
  // A visitor who left before the first word leaves nothing to keep.
  if (outcome.status === "aborted" && !outcome.content) return null;
  return insertMessage(db, {
    publicId: id,
    conversationId: conversation.id,
    agentId: conversation.agentId,
    role: "assistant",
    content: outcome.content,
    language,
    sources: outcome.sources,
    mode: outcome.mode,
    status: outcome.status,
    model: outcome.model,
    inputTokens: outcome.inputTokens,
    outputTokens: outcome.outputTokens,
    firstTokenMs: outcome.firstTokenMs,
  });
}

function deviceClass(req: Request): string | null {
  const ua = req.headers.get("user-agent");
  if (!ua) return null;
  const d = deviceInfoFromUserAgent(ua);
  return d.isMobile ? "mobile" : d.isTablet ? "tablet" : "desktop";
}
