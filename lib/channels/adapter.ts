import type { ChannelType } from "@/lib/contracts/channels";

/**
 * What each platform (Telegram, Messenger, Zalo) provides, so the rest of lib/channels knows none of them:
 * checking an incoming delivery, reading its messages, replying, and its webhook set-up and teardown.
 */

/** One message a channel user wrote, the same for every platform. */
export type ChannelMessage = {
  /** The platform's id of the person (a Telegram chat, a Messenger PSID): where the reply goes. */
  channelUserId: string;
  displayName?: string;
  /** The platform's id of this message or delivery: a redelivery carries the same one. */
  messageId: string;
  text: string;
};

export type Delivery = { rawBody: string; headers: Headers; url: URL };

export type ChannelAdapter = {
  type: ChannelType;
  /** Whether the delivery is the platform's (its secret header or signature), in constant time. */
  verify(delivery: Delivery, secrets: Record<string, string>): boolean;
  /** The text messages a verified delivery carries; everything else (echoes, reads, stickers) is none. */
  messages(rawBody: string): ChannelMessage[];
  /**
   * Who the token belongs to (the bot's, page's or OA's name), asking the platform and sending nothing to
   * anyone; throws a ChannelSendError when the platform refuses.
   */
  identify(secrets: Record<string, string>): Promise<string>;
  /** Sends one reply (already plain text); throws a ChannelSendError when the platform refuses. */
  send(secrets: Record<string, string>, to: string, text: string): Promise<void>;
  /** Shows the user the agent is answering, where the platform can; best-effort. */
  typing?(secrets: Record<string, string>, to: string): Promise<void>;
  /** Undoes the platform's side of the connection (a webhook set); best-effort. */
  teardown?(secrets: Record<string, string>): Promise<void>;
};
