import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { auditActorOf, rememberWorkspace, workspaceView } from "@/lib/server/workspace";
import { memberOf } from "@/lib/workspaces/current";
import { accept } from "@/lib/workspaces/invitations";

/** Joining also switches this browser to the workspace joined. */
export const POST = route(contracts.acceptInvitation, async ({ ok, user, db, req, body, locale }) => {
  const { token } = await body();
  const joined = await accept(db, { ...user, ip: auditActorOf(req, user).ip }, token, locale);
  const member = await memberOf(db, user.id, joined.workspaceId);
  return ok(workspaceView(member), { headers: rememberWorkspace(member.workspaceId) });
});
