import { disconnectChannel } from "@/lib/channels/channels";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

export const DELETE = route(contracts.disconnectChannel, async ({ ok, agent, db, params }) => {
  await disconnectChannel(db, agent.id, params.id);
  return ok({ id: params.id });
});
