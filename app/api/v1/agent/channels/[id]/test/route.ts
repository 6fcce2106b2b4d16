import { testChannel } from "@/lib/channels/channels";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/** Asks the platform who the token belongs to; sends nothing to anyone. */
export const POST = route(contracts.testChannel, async ({ ok, agent, db, params, locale }) =>
  ok(await testChannel(db, agent.id, params.id, locale)),
);
