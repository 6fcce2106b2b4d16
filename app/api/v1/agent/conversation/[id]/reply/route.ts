import { contracts } from "@/lib/contracts";
import { reply } from "@/lib/inbox/handoff";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** The holder's reply (issue 46), stored with its author and sent live to the visitor. */
export const POST = route(contracts.replyConversation, async ({ ok, user, db, req, params, body }) => {
  const { content } = await body();
  return ok(await reply(db, await workspaceOfRequest(db, req, user), params.id, content));
});
