import { contracts } from "@/lib/contracts";
import { handoffOf } from "@/lib/inbox/routes";
import { route } from "@/lib/server/route";

/** The visitor asks for a person in their own conversation (issue 46); anyone else's is a 404. */
export const POST = route(contracts.requestHandoff, async ({ ok, db, req, visitor, body }) => {
  return ok(await handoffOf(db, req, visitor, (await body()).conversation_id));
});
