import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/events";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { logger } from "@/lib/logger";
import { invitationMail } from "@/lib/mail/invitation-mail";
import { sendMail } from "@/lib/mail/transport";
import { isUuid } from "./current";
import {
  addMember,
  countMembers,
  deleteInvitation,
  type InvitationRow,
  invitationByHash,
  invitationsSince,
  isMemberEmail,
  lockWorkspace,
  markAccepted,
  membershipIn,
  pendingInvitations,
  replaceInvitation,
  workspaceName,
} from "./queries";
import { type Member, requireGrantable, requireRole, type WorkspaceRole } from "./roles";
import { requireFreeSeat } from "./seats";

const log = logger("workspaces");

export const INVITATION_DAYS = 7;
/** Invitations one workspace may send in 24 hours: enough for a team, too few to spam with. */
export const INVITATIONS_PER_DAY = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the SHA-256 of a token is stored: a copy of the database accepts no invitation. */
export const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The shape of a token this server makes (32 random bytes, base64url); anything else is refused unread. */
export const isInvitationToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export type Inviter = Member & { displayName: string };

/**
 * Invites an address to the member's workspace with a role no higher than their own: owner and admin only,
 * not an address already a member, within the plan's seats and 100 invitations a day. The e-mail goes in the
 * inviter's language; without SMTP the link is printed on the server console, as sign-in codes are.
 */
export async function invite(
  db: Db,
  inviter: Inviter,
  input: { email: string; role: WorkspaceRole },
  locale: Locale,
  now = new Date(),
): Promise<InvitationRow> {
  requireRole(inviter, "admin");
  requireGrantable(inviter, input.role);
  const token = randomBytes(32).toString("base64url");
  const row = await db.transaction(async (tx) => {
    const t: Db = tx;
    await lockWorkspace(t, inviter.workspaceId);
    if (await isMemberEmail(t, inviter.workspaceId, input.email)) {
      throw new ApiError("conflict", "workspace_already_member");
    }
    if (
      (await invitationsSince(t, inviter.workspaceId, new Date(now.getTime() - DAY_MS))) >=
      INVITATIONS_PER_DAY
    ) {
      throw new ApiError("rate_limited", "workspace_invitations_daily", { limit: INVITATIONS_PER_DAY });
    }
    const pending = (await pendingInvitations(t, inviter.workspaceId, now)).filter(
      (i) => i.email !== input.email,
    );
    await requireFreeSeat(
      t,
      inviter.workspaceId,
      (await countMembers(t, inviter.workspaceId)) + pending.length,
      locale,
    );
    const made = await replaceInvitation(t, {
      workspaceId: inviter.workspaceId,
      email: input.email,
      role: input.role,
      tokenHash: tokenHash(token),
      invitedBy: inviter.userId,
      insertedAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    });
    await recordAudit(t, {
      workspaceId: inviter.workspaceId,
      actorId: inviter.userId,
      ip: inviter.ip ?? null,
      action: "member.invited",
      target: { kind: "invitation", id: made.id, label: made.email },
      detail: { role: made.role },
    });
    return made;
  });
  await deliver(db, inviter, row, token, locale);
  return row;
}

async function deliver(db: Db, inviter: Inviter, row: InvitationRow, token: string, locale: Locale) {
  const { APP_URL, APP_NAME, SMTP_URL } = config();
  const acceptUrl = new URL(`/${locale}/invite/${token}`, APP_URL).toString();
  if (!SMTP_URL) {
    // The console is the delivery here, as for sign-in codes: plain stdout for the person at the terminal.
    console.log(`\nInvitation for ${row.email}: ${acceptUrl}\n`);
    return;
  }
  const mail = invitationMail({
    to: row.email,
    locale,
    appName: APP_NAME,
    inviter: inviter.displayName,
    workspace: await workspaceName(db, row.workspaceId),
    role: translate(locale, `workspace.roles.${row.role}`),
    days: INVITATION_DAYS,
    acceptUrl,
  });
  try {
    await sendMail(mail);
  } catch (err) {
    // The invitation stands (it can be sent again); the owner learns the mail did not leave.
    log.error(`invitation mail failed: ${(err as Error).message}`);
    throw new ApiError("service_unavailable", "workspace_invitation_mail_failed");
  }
}

/**
 * Accepts an invitation for the signed-in person: only the invited, verified address; a used, expired or
 * unknown token says which. Joining needs a free seat (a downgrade since the invitation may have taken it).
 */
export async function accept(
  db: Db,
  person: { id: string; email: string | null; emailVerified: boolean; ip?: string | null },
  token: string,
  locale: Locale,
  now = new Date(),
): Promise<{ workspaceId: string; role: WorkspaceRole }> {
  const row = isInvitationToken(token) ? await invitationByHash(db, tokenHash(token)) : null;
  if (!row) throw new ApiError("not_found", "invitation_not_found");
  if (row.acceptedAt) throw new ApiError("conflict", "invitation_used");
  if (row.expiresAt <= now) throw new ApiError("conflict", "invitation_expired");
  if (!person.emailVerified || person.email !== row.email) {
    throw new ApiError("forbidden", "invitation_other_address");
  }
  return db.transaction(async (tx) => {
    const t: Db = tx;
    await lockWorkspace(t, row.workspaceId);
    const already = await membershipIn(t, person.id, row.workspaceId);
    if (!already) await requireFreeSeat(t, row.workspaceId, await countMembers(t, row.workspaceId), locale);
    if (!(await markAccepted(t, row.id, now))) throw new ApiError("conflict", "invitation_used");
    if (already) return { workspaceId: row.workspaceId, role: already.role };
    await addMember(t, { workspaceId: row.workspaceId, userId: person.id, role: row.role });
    await recordAudit(t, {
      workspaceId: row.workspaceId,
      actorId: person.id,
      ip: person.ip ?? null,
      action: "member.joined",
      target: { kind: "member", id: null, label: person.email },
      detail: { role: row.role },
    });
    return { workspaceId: row.workspaceId, role: row.role };
  });
}

/** Withdraws a pending invitation (owner and admin); another workspace's or a used one is a 404. */
export async function withdraw(db: Db, member: Member, id: string): Promise<void> {
  requireRole(member, "admin");
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const email = isUuid(id) ? await deleteInvitation(t, member.workspaceId, id) : null;
    if (email === null) throw new ApiError("not_found", "invitation_not_found");
    await recordAudit(t, {
      workspaceId: member.workspaceId,
      actorId: member.userId,
      ip: member.ip ?? null,
      action: "invitation.revoked",
      target: { kind: "invitation", id, label: email },
    });
  });
}
