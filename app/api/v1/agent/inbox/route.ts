import { contracts } from "@/lib/contracts";
import { inboxOf } from "@/lib/inbox/routes";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** The workspace's inbox (issue 46): waiting first, then live, then recent. */
export const GET = route(contracts.inboxList, async ({ ok, user, db, req, query }) =>
  ok(await inboxOf(db, await workspaceOfRequest(db, req, user), query)),
);
