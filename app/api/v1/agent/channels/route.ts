import { connectChannel, listChannels } from "@/lib/channels/channels";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

export const GET = route(contracts.listChannels, async ({ ok, agent, db }) =>
  ok(await listChannels(db, agent.id)),
);

/** The platform checks the token first; a Messenger channel's answer carries the verify token to paste. */
export const POST = route(contracts.connectChannel, async ({ ok, agent, db, body, locale }) =>
  ok(await connectChannel(db, agent, await body(), locale), { status: 201 }),
);
