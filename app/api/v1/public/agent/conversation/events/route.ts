import { contracts } from "@/lib/contracts";
import { visitorStream } from "@/lib/inbox/routes";
import { route } from "@/lib/server/route";

/** The visitor's own conversation live (issue 46), resuming after Last-Event-ID. */
export const GET = route(contracts.visitorEvents, async ({ db, req, visitor, query }) =>
  visitorStream(db, req, visitor, query),
);
