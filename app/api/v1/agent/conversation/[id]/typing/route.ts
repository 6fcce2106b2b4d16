import { contracts } from "@/lib/contracts";
import { typing } from "@/lib/inbox/handoff";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** The holder is typing (issue 46): the visitor's stream says so. */
export const POST = route(contracts.typingConversation, async ({ ok, user, db, req, params }) => {
  await typing(db, await workspaceOfRequest(db, req, user), params.id);
  return ok({ ok: true });
});
