import "server-only";
import { answeringAgent } from "@/lib/agents/answering-agent";
import type { AgentRow } from "@/lib/agents/queries";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { heldMessage, limitVisitor, offersPerson, startWaiting } from "@/lib/inbox/handoff";
import { asksForPerson } from "@/lib/inbox/intent";
import { spendAllowance, spentMessage } from "@/lib/limits/allowance";
import { enforceOwnerLimits, enforcePublicLimits } from "@/lib/limits/chat";
import { logger } from "@/lib/logger";
import type { ChatLanguage } from "@/lib/retrieval/language";
import { markIdentified, verifyIdentity } from "@/lib/widget/identity";
import { warnOwnerIfDue } from "./allowance-warnings";
import {
  type AnswerEvent,
  type Asked,
  type AskInput,
  ask,
  type ChatScope,
  findConversation,
  newConversation,
  newMessageId,
} from "./ask";
import { type ConversationRow, insertMessage, type MessageRow, startConversation } from "./conversations";
import type { MessageInput, PublicMessageInput } from "./input";

/**
 * The doors into the chat engine: every message, whoever sends it, enters through one of these and is
 * answered by ask(). Each door does, once, what its sender needs before the question is asked: the
 * conversation in the sender's scope, the limits, the month's allowance and its warnings, the widget's
 * identity. What they take is what the sender's request said, read at its edge (lib/chat/transport.ts for
 * HTTP), so a door is the same for a web request and for a message a channel delivers.
 */

const log = logger("chat");

/** What every message brings besides its text: the reader's language and device. */
export type MessageFacts = {
  /** The request's language; a body's `locale` overrides it. */
  locale: ChatLanguage;
  /** "mobile", "tablet" or "desktop", kept on a conversation the message starts; null when unknown. */
  device: string | null;
};

/** A visitor's message on the public page or in the widget. */
export type VisitorFacts = MessageFacts & {
  /** The signed visitor id; `isNew` when the request carried none (a first visit, or a cookie-dropping script). */
  visitor: { id: string; isNew: boolean };
  /** What the address counts under per minute and per day (lib/http/client-ip). */
  addressKey: string;
  dayKeys: { address: string; wide: string | null };
  /** A solved bot challenge the request carried, if any. */
  challengeSolution: string | null;
};

/** The owner themself (test chat), or the owner's program through an API key. */
export type OwnerSender = { userId: string; agent: AgentRow; apiKey: { id: string } | null };

const askInput = (
  facts: MessageFacts,
  input: MessageInput,
  conversation: ConversationRow | null,
): AskInput => ({
  content: input.content,
  locale: input.locale ?? facts.locale,
  device: facts.device,
  conversation,
});

/** Limits first (CHAT-8), then one message of the owner's month; the owner is warned as it runs low. */
export async function sendVisitorMessage(
  db: Db,
  facts: VisitorFacts,
  input: PublicMessageInput,
): Promise<Asked> {
  const agent = await answeringAgent(db, input.agent_id);
  if (!agent) throw new ApiError("not_found", "agent_not_found");
  const scope: ChatScope = {
    agent,
    channel: "public",
    visitorId: facts.visitor.id,
    spent: spentMessage(db, agent.ownerId),
  };
  const conversation = await findConversation(db, scope, input.conversation_id);
  // A person has the conversation, or is awaited in it (issue 46): the agent does not answer; the message
  // is stored for them. A visitor asking for a person in words is handed over the same way.
  const who = { visitorId: facts.visitor.id, addressKey: facts.addressKey };
  if (conversation && conversation.handoffState !== "bot") {
    const language = conversation.language ?? input.locale ?? facts.locale;
    const found = { conversation, agent };
    const question = await heldMessage(db, who, found, input.content, language);
    return toPerson(conversation, question, conversation.handoffState === "live" ? "live" : "waiting");
  }
  if (offersPerson(agent.handoff) && asksForPerson(input.content)) {
    await limitVisitor(db, who);
    return askedForPerson(db, scope, facts, input, conversation);
  }
  const { corpusVersion, ...spent } = await enforcePublicLimits(db, facts.challengeSolution, {
    visitorId: facts.visitor.id,
    isNewVisitor: facts.visitor.isNew,
    addressKey: facts.addressKey,
    dayKeys: facts.dayKeys,
    agentId: agent.id,
    ownerId: agent.ownerId,
    dailyShare: agent.dailyShare,
  });
  warnInBackground(db, agent, spent);
  const asked = await ask(db, { ...scope, corpusVersion }, askInput(facts, input, conversation));
  // A visitor the owner's site signed for (the widget); a wrong hash leaves them anonymous.
  const identified = verifyIdentity(agent.widgetSecret, input.identity);
  if (identified) await markIdentified(db, asked.conversation.id, identified);
  return offersPerson(agent.handoff) ? offeringPerson(asked) : asked;
}

/**
 * A visitor who asked for a person in words (issue 46): the question is stored (starting the conversation
 * when it is the first) and the conversation waits for one instead of being answered.
 */
async function askedForPerson(
  db: Db,
  scope: ChatScope,
  facts: VisitorFacts,
  input: PublicMessageInput,
  conversation: ConversationRow | null,
): Promise<Asked> {
  const { agent } = scope;
  const locale = input.locale ?? facts.locale;
  const language =
    conversation?.language ?? (agent.language === "en" || agent.language === "vi" ? agent.language : locale);
  const question = { publicId: newMessageId(), content: input.content, language };
  const started = conversation
    ? {
        conversation,
        question: await insertMessage(db, {
          ...question,
          conversationId: conversation.id,
          agentId: agent.id,
          role: "user",
        }),
      }
    : await startConversation(
        db,
        newConversation(scope, { ...input, device: facts.device }, language),
        question,
      );
  const waiting = await startWaiting(db, { conversation: started.conversation, agent });
  return toPerson(waiting, started.question, "waiting");
}

/** A question a person answers: no answer from the agent, only the state the conversation is in. */
function toPerson(conversation: ConversationRow, question: MessageRow, state: "waiting" | "live"): Asked {
  return {
    conversation,
    question,
    async *events() {
      yield { type: "handoff", state };
    },
  };
}

/** After an answer the agent could not give, a person is offered (issue 46). */
function offeringPerson(asked: Asked): Asked {
  return {
    ...asked,
    async *events(signal) {
      for await (const e of asked.events(signal)) {
        // Before `done`: a reader stops at the answer.
        if (e.type === "done" && e.message.mode === "fallback")
          yield { type: "handoff", state: "offered" } satisfies AnswerEvent;
        yield e;
      }
    },
  };
}

/**
 * The owner's test chat with their own agent (CHAT-4): the visitor's path without the visitor's allowance.
 * With an API key (BEYOND-3) it is the owner's programs asking on behalf of their own users: real traffic,
 * so each message spends the plan's monthly allowance like a visitor's (given back when no answer came),
 * in conversations of the `api` channel that only the agent's keys continue.
 */
export async function sendOwnerMessage(
  db: Db,
  sender: OwnerSender,
  facts: MessageFacts,
  input: MessageInput,
): Promise<Asked> {
  const { agent, apiKey, userId } = sender;
  const scope: ChatScope = apiKey
    ? { agent, channel: "api", visitorId: null, apiKeyId: apiKey.id, spent: spentMessage(db, userId) }
    : { agent, channel: "owner", visitorId: null };
  const conversation = await findConversation(db, scope, input.conversation_id);
  if (apiKey) warnInBackground(db, agent, await spendAllowance(db, userId, agent.id));
  else await enforceOwnerLimits(db, userId);
  // A program's call comes from no device of a person (its user agent is a library's): nothing to keep.
  const sent = apiKey ? { ...facts, device: null } : facts;
  return ask(db, scope, askInput(sent, input, conversation));
}

/** Not awaited: an answer never waits on the owner's mail server. */
function warnInBackground(db: Db, agent: AgentRow, spent: { used: number; max: number }): void {
  void warnOwnerIfDue(db, agent, spent).catch((err) => log.error("allowance warning:", err));
}
