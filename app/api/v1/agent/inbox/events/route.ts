import { contracts } from "@/lib/contracts";
import { memberStream } from "@/lib/inbox/routes";
import { route } from "@/lib/server/route";
import { workspaceOfRequest } from "@/lib/server/workspace";

/** The workspace's inbox live (issue 46), resuming after Last-Event-ID. */
export const GET = route(contracts.inboxEvents, async ({ user, db, req, query }) =>
  memberStream(db, req, await workspaceOfRequest(db, req, user), query),
);
