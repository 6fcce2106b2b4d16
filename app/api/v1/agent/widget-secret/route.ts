import { recordAudit } from "@/lib/audit/events";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";
import { auditActorOf } from "@/lib/server/workspace";
import { rotateWidgetSecret, widgetSecretOf } from "@/lib/widget/identity";

export const GET = route(contracts.widgetSecret, async ({ ok, agent, db }) =>
  ok({ secret: await widgetSecretOf(db, agent.id) }),
);

export const POST = route(contracts.rotateWidgetSecret, async ({ ok, agent, user, db, req }) => {
  const secret = await rotateWidgetSecret(db, agent.id);
  const target = { kind: "agent", id: agent.publicId, label: agent.name };
  await recordAudit(db, {
    ...auditActorOf(req, user),
    workspaceId: agent.workspaceId,
    action: "widget_secret.rotated",
    target,
  });
  return ok({ secret });
});
