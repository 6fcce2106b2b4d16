import "server-only";
import { createHmac } from "node:crypto";
import { agentById } from "@/lib/agents/queries";
import type { AnswerEvent } from "@/lib/chat/ask";
import { visitorConversations } from "@/lib/chat/conversations";
import { publicMessageSchema } from "@/lib/chat/input";
import { sendVisitorMessage } from "@/lib/chat/send";
import { config } from "@/lib/config";
import { MAX_QUESTION_CHARS } from "@/lib/contracts/values";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { translate } from "@/lib/i18n/messages";
import { logger } from "@/lib/logger";
import { detectLanguage } from "@/lib/retrieval/language";
import { markIdentified } from "@/lib/widget/identity";
import { adapterOf } from "./adapters";
import { currentSecrets } from "./channel-secrets";
import { plainAnswer } from "./plain-text";
import { ChannelSendError } from "./platform-http";
import { type ChannelRow, channelById, markReplied } from "./queries";
import type { ReplyJob } from "./receive";
import { recordRefusal } from "./reconnect";

/**
 * The job that answers one channel message: the channel user asks through the visitor's door
 * (lib/chat/send.ts) as a stable pseudonymous visitor of this channel, so the same limits, allowance,
 * answers and history apply; the answer goes back as plain text through the platform's API.
 */

const log = logger("channels");

/** A conversation quiet for longer than this is not continued: the next message starts a new one. */
const CONTINUE_WITHIN_MS = 24 * 60 * 60 * 1000;
const ANSWER_TIMEOUT_MS = 120_000;

/** The same person on the same channel is always the same visitor; nothing in it says who they are. */
export function channelVisitorId(channel: Pick<ChannelRow, "id" | "type">, channelUserId: string): string {
  const digest = createHmac("sha256", config().CHANNEL_SECRET_KEY)
    .update(`visitor:${channel.id}:${channelUserId}`)
    .digest("base64url")
    .slice(0, 24);
  return `${channel.type}_${digest}`;
}

export async function replyToMessage(db: Db, job: ReplyJob): Promise<{ replied: boolean }> {
  const channel = await channelById(db, job.channelId);
  if (!channel || channel.state === "paused" || channel.state === "needs_authorization") {
    return { replied: false };
  }
  const adapter = adapterOf(channel.type);
  const secrets = await currentSecrets(db, channel);
  const agent = await agentById(db, channel.agentId);
  if (!adapter || !secrets || !agent) return { replied: false };
  const { message } = job;
  const to = message.channelUserId;
  await adapter.typing?.(secrets, to).catch(() => {});
  const locale = detectLanguage(message.text);
  const visitorId = channelVisitorId(channel, to);
  let text: string;
  try {
    text = await answerOf(db, agent.publicId, visitorId, message, locale);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // A limit or allowance refusal is said to the person, in their language, as a visitor would read it.
    text = err.body(locale).error.detail;
  }
  try {
    await adapter.send(secrets, to, text);
    if (channel.lastError !== null || channel.state !== "connected") await markReplied(db, channel.id, null);
    return { replied: true };
  } catch (err) {
    if (!(err instanceof ChannelSendError)) throw err;
    // Not retried as a job: the question was asked and answered once; the send itself was already retried.
    log.warn(`reply on ${channel.publicId} failed: ${err.message}`);
    await recordRefusal(db, channel, err);
    return { replied: false };
  }
}

async function answerOf(
  db: Db,
  agentPublicId: string,
  visitorId: string,
  message: ReplyJob["message"],
  locale: "en" | "vi",
): Promise<string> {
  const [last] = await visitorConversations(db, visitorId, 1);
  const recent = last && Date.now() - Date.parse(last.last_message_at) < CONTINUE_WITHIN_MS;
  const input = publicMessageSchema.parse({
    agent_id: agentPublicId,
    content: message.text.slice(0, MAX_QUESTION_CHARS),
    conversation_id: recent ? last.id : null,
    locale,
  });
  const key = `channel:${visitorId}`;
  const asked = await sendVisitorMessage(
    db,
    {
      locale,
      device: "mobile",
      // A platform vouches for its users: no cookie was dropped, no address to share, no challenge to solve.
      visitor: { id: visitorId, isNew: false },
      addressKey: key,
      dayKeys: { address: key, wide: null },
      challengeSolution: null,
    },
    input,
  );
  if (message.displayName) {
    await markIdentified(db, asked.conversation.id, {
      userId: message.channelUserId,
      name: message.displayName.slice(0, 100),
    });
  }
  let done: AnswerEvent | null = null;
  for await (const event of asked.events(AbortSignal.timeout(ANSWER_TIMEOUT_MS))) {
    if (event.type === "done" || event.type === "error") done = event;
    // A person has the conversation (issue 46): the message waits for them, nothing is answered now.
    if (event.type === "handoff" && event.state !== "offered")
      return translate(locale, "errors.handoff_person_will_answer");
  }
  if (done?.type === "done") return plainAnswer(done.message.content, done.message.sources, locale);
  return translate(locale, `errors.${done?.type === "error" ? done.errorKey : "chat_upstream_failed"}`);
}
