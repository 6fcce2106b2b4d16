import { z } from "zod";
import { defineRoute } from "./contract";
import { workspaceSchema } from "./workspaces";

/**
 * Deleting personal data (issue 48): a conversation, every conversation of a visitor, and the workspace's
 * retention. Deleting is for the workspace's owners and admins; editors and support get a 403.
 */

const conversationParams = z.object({
  id: z.string().max(64).describe("the conversation's public id, conv_…"),
});

export const RETENTION_CHOICES = [30, 90, 180, 365] as const;
const retentionDays = z
  .union([z.literal(30), z.literal(90), z.literal(180), z.literal(365)])
  .nullable()
  .describe("30, 90, 180 or 365 days; null keeps conversations until deleted by hand");

export const erasedSchema = z.object({
  conversations: z.number().describe("conversations deleted, with their messages"),
  contacts: z.number().describe("contacts deleted"),
});
export type Erased = z.infer<typeof erasedSchema>;

export const retentionSchema = z.object({
  retention_days: z.number().nullable().describe("30, 90, 180 or 365; null: Off"),
  can_change: z.boolean().describe("whether the caller's role may change it (owner, admin)"),
});
export type Retention = z.infer<typeof retentionSchema>;

export const eraseContracts = {
  deleteConversation: defineRoute({
    method: "DELETE",
    path: "/api/v1/agent/conversations/:id",
    auth: "owner-agent",
    summary: "Deletes one conversation and its messages (owner and admin).",
    params: conversationParams,
    notFound: "conversation_not_found",
    data: z.object({ id: z.string() }),
  }),
  eraseVisitor: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversations/erase",
    auth: "owner-agent",
    summary:
      "Deletes every conversation of one visitor, found by one of their conversations, their name, e-mail or phone, and their contacts (owner and admin).",
    body: z.object({
      conversation_id: z.string().max(64).optional().describe("a conversation of the visitor, conv_…"),
      email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
      phone: z.string().max(32).optional().describe("digits, with or without +84, spaces or dots"),
      visitor_name: z.string().max(200).optional().describe("the name the owner's site signed for them"),
    }),
    data: erasedSchema,
  }),
  getRetention: defineRoute({
    method: "GET",
    path: "/api/v1/workspace/retention",
    auth: "user",
    summary: "How long the current workspace keeps conversations.",
    data: retentionSchema,
  }),
  updateWorkspace: defineRoute({
    method: "PATCH",
    path: "/api/v1/workspace",
    auth: "user",
    summary:
      "Changes the current workspace's retention: conversations older than it are deleted daily (owner and admin).",
    body: z.object({ retention_days: retentionDays }),
    data: workspaceSchema.extend({ retention_days: z.number().nullable() }),
  }),
  deleteWorkspace: defineRoute({
    method: "DELETE",
    path: "/api/v1/workspace",
    auth: "user",
    summary:
      "Deletes the current workspace with all its agents' data (owner only, typing its name); its plan ends at once without refund, invoices are kept without personal data.",
    body: z.object({ confirm_name: z.string().max(200).describe("the workspace's name, exactly") }),
    data: z.object({
      agents: z.number(),
      conversations: z.number(),
      documents: z.number(),
      subscription_canceled: z.boolean().describe("whether a running plan was ended"),
    }),
  }),
  deleteAccount: defineRoute({
    method: "DELETE",
    path: "/api/v1/user",
    auth: "user",
    summary:
      "Deletes the caller's account: leaves every workspace, deletes those they are alone in, ends their plan and sessions; refused while they are the last owner of a workspace with other members.",
    data: z.object({ workspaces_deleted: z.number(), workspaces_left: z.number() }),
  }),
};
