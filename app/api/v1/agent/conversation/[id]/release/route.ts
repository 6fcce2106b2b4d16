import { contracts } from "@/lib/contracts";
import { release } from "@/lib/inbox/handoff";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** Gives the conversation back to the agent (issue 46). */
export const POST = route(contracts.releaseConversation, async ({ ok, user, db, req, params }) =>
  ok(await release(db, await workspaceOfRequest(db, req, user), params.id)),
);
