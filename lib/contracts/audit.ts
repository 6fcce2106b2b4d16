import { z } from "zod";
import { instant } from "./fields";

/** An event of the workspace's audit log (issue 45); the route is listAudit in ./workspaces.ts. */

export const auditEventSchema = z.object({
  id: z.string().describe("the event's id; pass the last one shown as `last_id` for the older ones"),
  action: z
    .string()
    .describe(
      "member.invited, member.joined, member.removed, member.left, member.role_changed, invitation.revoked, " +
        "agent.created, agent.deleted, documents.removed, plan.changed, api_key.created, api_key.revoked, " +
        "widget_secret.rotated, conversations.erased, retention.changed, workspace.exported",
    ),
  actor: z
    .object({ name: z.string(), email: z.string().nullable() })
    .nullable()
    .describe("who acted; null for the system (or a person since deleted)"),
  target: z.object({
    kind: z.string().describe("member, invitation, agent, document, plan, api_key"),
    id: z.string().nullable(),
    label: z.string().nullable().describe("how the target is named: an address, a name, a title"),
  }),
  detail: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .describe("a few facts: roles or plans before and after"),
  ip: z.string().nullable().describe("the client address the act came from, when there was a request"),
  created_at: instant,
});

export type AuditEventView = z.infer<typeof auditEventSchema>;
