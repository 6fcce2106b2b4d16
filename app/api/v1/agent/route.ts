import { ownerView, saveOwnerAgent } from "@/lib/agents/agent";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/http/route";
import { db } from "@/lib/server/runtime";

export const GET = route(contracts.getAgent, async ({ ok, agent, locale }) => ok(ownerView(agent, locale)));

export const POST = route(contracts.saveAgent, async ({ ok, user, locale, body }) => {
  const { agent, created } = await saveOwnerAgent(await db(), user.id, await body(), locale);
  return ok(agent, { status: created ? 201 : 200 });
});
