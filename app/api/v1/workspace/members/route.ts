import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { displayNameOf, workspaceOfRequest } from "@/lib/server/workspace";
import { roster } from "@/lib/workspaces/members";

export const GET = route(contracts.listMembers, async ({ ok, user, db, req }) => {
  const { members, invitations } = await roster(db, await workspaceOfRequest(db, req, user));
  return ok({
    members: members.map((m) => ({
      id: m.id,
      name: displayNameOf(m),
      email: m.email,
      role: m.role,
      joined_at: m.joinedAt.toISOString(),
      me: m.userId === user.id,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expires_at: i.expiresAt.toISOString(),
    })),
  });
});
