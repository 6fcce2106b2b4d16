import { contracts } from "@/lib/contracts";
import { inboxConversationOf } from "@/lib/inbox/routes";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** One conversation of the workspace, whole (issue 46); another workspace's is a 404. */
export const GET = route(contracts.inboxConversation, async ({ ok, user, db, req, params }) =>
  ok(await inboxConversationOf(db, await workspaceOfRequest(db, req, user), params.id)),
);
