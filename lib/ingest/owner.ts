import "server-only";
import type { OwnerAgentContext } from "@/lib/agents/owner-request";
import { currentLimits } from "@/lib/billing/entitlement";
import type { Locale } from "@/lib/i18n/routing";
import { runtime } from "@/lib/server/runtime";
import { fileStore } from "@/lib/storage/store";
import type { AddContext } from "./add";
import { sendIngest } from "./queue";

/** What the training routes add to the owner and their agent: the plan's limits and how to add documents. */
export async function trainingContext({ user, agent, db }: OwnerAgentContext, locale: Locale) {
  const rt = await runtime();
  const limits = await currentLimits(db, user.id);
  const add: AddContext = {
    db,
    agentId: agent.id,
    locale,
    store: fileStore(),
    enqueue: (id) => sendIngest(rt.jobs.boss, id),
    maxFileBytes: limits.maxFileBytes,
    limits,
  };
  return { limits, add, config: rt.config };
}
