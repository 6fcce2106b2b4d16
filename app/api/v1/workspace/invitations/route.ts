import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { displayNameOf, workspaceOfRequest } from "@/lib/server/workspace";
import { invite } from "@/lib/workspaces/invitations";

/** The mail goes in the inviter's language: the locale of this request. */
export const POST = route(contracts.inviteMember, async ({ ok, user, db, req, body, locale }) => {
  const input = await body();
  const member = await workspaceOfRequest(db, req, user);
  const row = await invite(db, { ...member, displayName: displayNameOf(user) }, input, locale);
  return ok(
    { id: row.id, email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() },
    { status: 201 },
  );
});
