import { ownerView } from "@/lib/agents/agent";
import { contracts } from "@/lib/contracts";
import { saveChosenAgent } from "@/lib/server/agents";
import { route } from "@/lib/server/route";
import { forgetEmbedPolicy } from "@/lib/widget/embed-policy";

export const GET = route(contracts.getAgent, async ({ ok, agent, locale }) => ok(ownerView(agent, locale)));

export const POST = route(contracts.saveAgent, async ({ ok, user, db, req, locale, body }) => {
  const { agent, created } = await saveChosenAgent(db, req, user.id, await body(), locale);
  // Who may frame the agent and how its launcher looks change with this save.
  forgetEmbedPolicy(agent.id);
  return ok(agent, { status: created ? 201 : 200 });
});
