import { z } from "zod";
import { auditEventSchema } from "./audit";
import { defineRoute } from "./contract";
import { instant } from "./fields";

/**
 * Workspaces, their members and invitations (issue 45), for a signed-in person: the current workspace is
 * the browser's choice (a cookie) while they are a member of it, else their first.
 */

export const workspaceRoleSchema = z
  .enum(["owner", "admin", "editor", "support"])
  .describe("owner > admin > editor > support");
const invitableRole = z.enum(["admin", "editor", "support"]).describe("admin, editor or support");
const inviteEmail = z.string().trim().toLowerCase().normalize("NFC").max(254).pipe(z.email());

export const workspaceSchema = z.object({
  id: z.string().describe("the workspace's uuid"),
  name: z.string(),
  role: workspaceRoleSchema,
});

export const memberSchema = z.object({
  id: z.string().describe("the membership's uuid, as in /api/v1/workspace/members/{id}"),
  name: z.string().describe("the member's display name, else their e-mail"),
  email: z.string().nullable(),
  role: workspaceRoleSchema,
  joined_at: instant,
  me: z.boolean().describe("whether this member is the caller"),
});

export const invitationSchema = z.object({
  id: z.string().describe("the invitation's uuid"),
  email: z.string(),
  role: workspaceRoleSchema,
  expires_at: instant,
});

const memberId = z.object({ id: z.string().max(64).describe("the membership's uuid") });
const invitationId = z.object({ id: z.string().max(64).describe("the invitation's uuid") });

export const workspaceContracts = {
  getWorkspace: defineRoute({
    method: "GET",
    path: "/api/v1/workspace",
    auth: "user",
    summary: "The workspace this browser acts in, with the caller's role.",
    data: workspaceSchema,
  }),
  listWorkspaces: defineRoute({
    method: "GET",
    path: "/api/v1/workspaces",
    auth: "user",
    summary: "Every workspace the caller belongs to, the first joined first.",
    data: z.array(workspaceSchema),
  }),
  switchWorkspace: defineRoute({
    method: "POST",
    path: "/api/v1/workspace/switch",
    auth: "user",
    summary: "Makes a workspace the caller belongs to this browser's current one; any other id is a 404.",
    body: z.object({ workspace_id: z.string().max(64).describe("the workspace's uuid") }),
    data: workspaceSchema,
  }),
  listMembers: defineRoute({
    method: "GET",
    path: "/api/v1/workspace/members",
    auth: "user",
    summary: "The current workspace's members and its pending invitations.",
    data: z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) }),
  }),
  changeMemberRole: defineRoute({
    method: "PATCH",
    path: "/api/v1/workspace/members/:id",
    auth: "user",
    summary: "Changes a member's role (owner and admin; never above one's own; the last owner stays).",
    params: memberId,
    notFound: "member_not_found",
    body: z.object({ role: workspaceRoleSchema }),
    data: z.object({ id: z.string(), role: workspaceRoleSchema }),
  }),
  removeMember: defineRoute({
    method: "DELETE",
    path: "/api/v1/workspace/members/:id",
    auth: "user",
    summary: "Removes a member, or leaves with one's own id; the last owner can do neither.",
    params: memberId,
    notFound: "member_not_found",
    data: z.object({ id: z.string() }),
  }),
  inviteMember: defineRoute({
    method: "POST",
    path: "/api/v1/workspace/invitations",
    auth: "user",
    summary: "E-mails an invitation valid 7 days (owner and admin; within the plan's seats, 100 a day).",
    body: z.object({ email: inviteEmail, role: invitableRole }),
    data: invitationSchema,
  }),
  acceptInvitation: defineRoute({
    method: "POST",
    path: "/api/v1/workspace/invitations/accept",
    auth: "user",
    summary:
      "Joins a workspace with an invitation's token; only the invited address may, once, within 7 days.",
    body: z.object({ token: z.string().max(128).describe("the token from the invitation's link") }),
    data: workspaceSchema,
  }),
  withdrawInvitation: defineRoute({
    method: "DELETE",
    path: "/api/v1/workspace/invitations/:id",
    auth: "user",
    summary: "Withdraws a pending invitation (owner and admin).",
    params: invitationId,
    notFound: "invitation_not_found",
    data: z.object({ id: z.string() }),
  }),
  listAudit: defineRoute({
    method: "GET",
    path: "/api/v1/workspace/audit",
    auth: "user",
    summary: "The current workspace's audit log, newest first, on a `last_id` cursor (owner and admin).",
    query: z.object({
      last_id: z
        .string()
        .regex(/^[1-9][0-9]{0,15}$/)
        .optional()
        .describe("the id of the last event already shown"),
      limit: z.coerce.number().int().min(1).max(100).catch(50).describe("1–100, else 50"),
    }),
    data: z.array(auditEventSchema),
    meta: z.object({ last_id: z.string().nullable(), has_more: z.boolean() }),
  }),
};

export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;
export type MemberView = z.infer<typeof memberSchema>;
export type InvitationView = z.infer<typeof invitationSchema>;
