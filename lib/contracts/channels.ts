import { z } from "zod";
import { defineRoute } from "./contract";
import { instant } from "./fields";

/**
 * Channels (issue 47): the agent answers on messaging platforms. The owner connects one from the setup
 * panel; the platform then delivers its users' messages to the channel's own webhook, signed. Tokens and
 * app secrets are kept encrypted and are never in any answer.
 */

export const channelTypes = ["telegram", "messenger", "zalo"] as const;
export type ChannelType = (typeof channelTypes)[number];
export const channelStates = [
  "connected",
  "paused",
  "failing",
  "needs_reconnect",
  "needs_authorization",
] as const;
export type ChannelState = (typeof channelStates)[number];

/** Platform deliveries are small; anything larger is not one. */
export const CHANNEL_WEBHOOK_BODY_LIMIT = 256 * 1024;

export const channelSchema = z.object({
  id: z.string().describe("public id, ch_…; also the webhook's path segment"),
  type: z.enum(channelTypes),
  state: z.enum(channelStates),
  webhook_url: z.string().describe("where the platform delivers messages"),
  verify_token: z
    .string()
    .nullable()
    .describe("Messenger only: the token to paste in the app's webhook settings; null for the others"),
  last_message_at: instant.nullable().describe("the last message received; null when none yet"),
  last_error: z.string().nullable().describe("why the last reply failed; null when it did not"),
  token_expires_at: instant
    .nullable()
    .describe(
      "Zalo: when the refresh token runs out unless a message is answered before; null for the others",
    ),
  inserted_at: instant,
});
export type ChannelView = z.infer<typeof channelSchema>;

const secret = (max: number) => z.string().trim().min(1).max(max);

export const connectChannelSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("telegram"),
    bot_token: secret(200).describe("the token BotFather gave the bot"),
  }),
  z.object({
    type: z.literal("messenger"),
    page_id: z
      .string()
      .trim()
      .regex(/^\d{1,30}$/)
      .describe("the Facebook page's numeric id"),
    page_access_token: secret(1000).describe("a Page access token with pages_messaging"),
    app_secret: secret(200).describe("the Meta app's secret, which signs the deliveries"),
  }),
  z.object({
    type: z.literal("zalo"),
    app_id: z
      .string()
      .trim()
      .regex(/^\d{1,30}$/)
      .describe("the Zalo app's id"),
    app_secret: secret(200).describe("the Zalo app's secret key"),
    oa_secret_key: secret(200).describe("the OA secret key, which signs the events"),
    access_token: secret(2000)
      .optional()
      .describe("an OA access token; left out (with refresh_token) for the OA authorization flow"),
    refresh_token: secret(2000)
      .optional()
      .describe(
        "its refresh token (single-use; a new pair is taken at once); left out for the OA authorization flow",
      ),
  }),
]);
export type ConnectChannelInput = z.infer<typeof connectChannelSchema>;

/** The connect answer: a Zalo OA connected by its authorization flow carries the page to send the owner to. */
export const connectedChannelSchema = channelSchema.extend({
  authorize_url: z
    .string()
    .optional()
    .describe("Zalo without pasted tokens: Zalo's OA authorization page, where the owner grants access"),
});

export const channelTestSchema = z.object({
  ok: z.boolean(),
  reason: z.string().nullable().describe("the platform's answer when it refused; null when ok"),
  name: z.string().nullable().describe("the bot's, page's or OA's name as the platform gives it"),
});
export type ChannelTestView = z.infer<typeof channelTestSchema>;

const channelIdParams = z.object({ id: z.string().max(60).describe("the channel's public id") });

const webhookParams = z.object({
  channelId: z
    .string()
    .regex(/^ch_[A-Za-z0-9_-]{10,40}$/)
    .describe("the channel's public id"),
});
const received = z.object({ received: z.literal(true) });

export const channelContracts = {
  listChannels: defineRoute({
    method: "GET",
    path: "/api/v1/agent/channels",
    auth: "owner-agent",
    role: "editor",
    summary: "The agent's channels with their state and webhook URL, never their tokens.",
    data: z.array(channelSchema),
  }),
  connectChannel: defineRoute({
    method: "POST",
    path: "/api/v1/agent/channels",
    auth: "owner-agent",
    summary:
      "Connects a Telegram bot, a Messenger page or a Zalo OA (from the Beginner plan): the tokens are checked with the platform.",
    body: connectChannelSchema,
    data: connectedChannelSchema,
  }),
  updateChannel: defineRoute({
    method: "PATCH",
    path: "/api/v1/agent/channels/:id",
    auth: "owner-agent",
    summary:
      "Pauses or resumes a channel: a paused channel's messages are acknowledged to the platform and dropped.",
    params: channelIdParams,
    notFound: "channel_not_found",
    body: z.object({ paused: z.boolean().describe("true pauses, false resumes") }),
    data: channelSchema,
  }),
  testChannel: defineRoute({
    method: "POST",
    path: "/api/v1/agent/channels/:id/test",
    auth: "owner-agent",
    summary:
      "Asks the platform who the channel's token belongs to (Telegram getMe, Graph /me, Zalo getoa); sends nothing to anyone.",
    params: channelIdParams,
    notFound: "channel_not_found",
    data: channelTestSchema,
  }),
  zaloOAuthCallback: defineRoute({
    method: "GET",
    path: "/api/v1/channels/zalo/oauth/callback",
    auth: "none",
    summary:
      "Where Zalo sends the owner back after the OA authorization: the code is exchanged, then Setup → Channels.",
    query: z.object({
      code: z.string().max(4096).optional().catch(undefined),
      state: z.string().max(512).optional().catch(undefined),
      oa_id: z.string().max(64).optional().catch(undefined),
    }),
    responds: "redirect",
  }),
  disconnectChannel: defineRoute({
    method: "DELETE",
    path: "/api/v1/agent/channels/:id",
    auth: "owner-agent",
    summary:
      "Disconnects a channel and removes its webhook where the platform allows; another owner's id is a 404.",
    params: channelIdParams,
    notFound: "channel_not_found",
    data: z.object({ id: z.string() }),
  }),
  telegramWebhook: defineRoute({
    method: "POST",
    path: "/api/v1/channels/telegram/:channelId",
    auth: "none",
    // Server to server: authenticated by the secret token Telegram sends back, not by cookies.
    origin: "any",
    summary: "Telegram's updates for one channel, checked by their secret token; answered by a job.",
    params: webhookParams,
    notFound: "channel_not_found",
    bodyLimit: CHANNEL_WEBHOOK_BODY_LIMIT,
    data: received,
  }),
  messengerVerify: defineRoute({
    method: "GET",
    path: "/api/v1/channels/messenger/:channelId",
    auth: "none",
    summary: "Facebook's webhook handshake: hub.challenge back, as text, for the channel's own verify token.",
    params: webhookParams,
    notFound: "channel_not_found",
    responds: "document",
    data: z.string().describe("the hub.challenge, as plain text"),
  }),
  messengerWebhook: defineRoute({
    method: "POST",
    path: "/api/v1/channels/messenger/:channelId",
    auth: "none",
    // Server to server: authenticated by X-Hub-Signature-256 over the raw body.
    origin: "any",
    summary: "Messenger's deliveries for one channel, checked by their signature; answered by a job.",
    params: webhookParams,
    notFound: "channel_not_found",
    bodyLimit: CHANNEL_WEBHOOK_BODY_LIMIT,
    data: received,
  }),
  zaloWebhook: defineRoute({
    method: "POST",
    path: "/api/v1/channels/zalo/:channelId",
    auth: "none",
    // Server to server: authenticated by X-ZEvent-Signature over the raw body.
    origin: "any",
    summary: "Zalo OA's events for one channel, checked by their signature; text messages answered by a job.",
    params: webhookParams,
    notFound: "channel_not_found",
    bodyLimit: CHANNEL_WEBHOOK_BODY_LIMIT,
    data: received,
  }),
};
