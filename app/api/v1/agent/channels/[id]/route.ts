import { disconnectChannel, pauseChannel } from "@/lib/channels/channels";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/** Pauses or resumes: a paused channel's messages are acknowledged to the platform and dropped. */
export const PATCH = route(contracts.updateChannel, async ({ ok, agent, db, params, body }) =>
  ok(await pauseChannel(db, agent.id, params.id, (await body()).paused)),
);

export const DELETE = route(contracts.disconnectChannel, async ({ ok, agent, db, params }) => {
  await disconnectChannel(db, agent.id, params.id);
  return ok({ id: params.id });
});
