import "server-only";
import type { Db } from "@/lib/db/client";
import { insertAuditEvent } from "./queries";

/**
 * The workspace's audit log (issue 45): who did what, when, from which address. Each area records its own
 * acts with `recordAudit`; the log is read newest first by owners and admins and kept 365 days.
 */

export const AUDIT_ACTIONS = [
  "member.invited",
  "member.joined",
  "member.removed",
  "member.left",
  "member.role_changed",
  "invitation.revoked",
  "agent.created",
  "agent.deleted",
  "documents.removed",
  "plan.changed",
  "api_key.created",
  "api_key.revoked",
  "widget_secret.rotated",
  "conversations.erased",
  "retention.changed",
  "workspace.exported",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an act was done to: a member, an invitation, an agent, a document, a key… and how people name it. */
export type AuditTarget = { kind: string; id?: string | null; label?: string | null };

/** A few small facts (roles before and after, plans); never a secret, never a text a visitor wrote. */
export type AuditDetail = Record<string, string | number | boolean | null>;

/** Who acted and from which address: null actor for the system's own acts (a renewal, a purge). */
export type AuditActor = { actorId: string | null; ip: string | null };

export type AuditInput = AuditActor & {
  workspaceId: string;
  action: AuditAction;
  target: AuditTarget;
  detail?: AuditDetail;
};

/** Labels and details are cut short: the log names things, it does not copy them. */
const LABEL_MAX = 200;
const cut = (s: string | null | undefined) => (s == null ? null : s.slice(0, LABEL_MAX));

/** Records one act in the workspace's log; call it in the act's transaction where there is one. */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  const detail = input.detail
    ? Object.fromEntries(
        Object.entries(input.detail).map(([k, v]) => [k, typeof v === "string" ? cut(v) : v]),
      )
    : null;
  await insertAuditEvent(db, {
    workspaceId: input.workspaceId,
    actorId: input.actorId,
    action: input.action,
    targetKind: input.target.kind,
    targetId: cut(input.target.id),
    targetLabel: cut(input.target.label),
    detail,
    ip: cut(input.ip),
  });
}

/**
 * An agent made or deleted (for lib/agents' callers):
 * `await recordAgentEvent(db, { workspaceId, actorId: user.id, ip }, "created", { id: agent.publicId, name })`.
 */
export function recordAgentEvent(
  db: Db,
  who: AuditActor & { workspaceId: string },
  what: "created" | "deleted",
  agent: { id: string; name: string },
): Promise<void> {
  return recordAudit(db, {
    ...who,
    action: what === "created" ? "agent.created" : "agent.deleted",
    target: { kind: "agent", id: agent.id, label: agent.name },
  });
}
