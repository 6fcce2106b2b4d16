import "server-only";
import type { AuditListed } from "./queries";

/** An event as the API shows it: the actor named (name, else address), null for the system. */
export function auditView(e: AuditListed) {
  const name = `${e.actorFirstName ?? ""} ${e.actorLastName ?? ""}`.trim() || e.actorEmail || "";
  return {
    id: String(e.id),
    action: e.action,
    actor: e.actorId ? { name, email: e.actorEmail } : null,
    target: { kind: e.targetKind, id: e.targetId, label: e.targetLabel },
    detail: e.detail ?? {},
    ip: e.ip,
    created_at: e.createdAt.toISOString(),
  };
}
