import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { rotateWidgetSecret, widgetSecretOf } from "@/lib/widget/identity";

export const GET = route(contracts.widgetSecret, async ({ ok, agent, db }) =>
  ok({ secret: await widgetSecretOf(db, agent.id) }),
);

export const POST = route(contracts.rotateWidgetSecret, async ({ ok, agent, db }) =>
  ok({ secret: await rotateWidgetSecret(db, agent.id) }),
);
