import { contracts } from "@/lib/contracts";
import { takeover } from "@/lib/inbox/handoff";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** A member takes the conversation over (issue 46); held by another, a 409. */
export const POST = route(contracts.takeoverConversation, async ({ ok, user, db, req, params }) =>
  ok(await takeover(db, await workspaceOfRequest(db, req, user), params.id)),
);
