import "server-only";
import type { OwnerAgentCaller } from "@/lib/auth/callers";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/routing";
import type { AddContext } from "@/lib/ingest/add";
import { sendIngest } from "@/lib/ingest/queue";
import { currentLimits } from "@/lib/limits/entitlement";
import { fileStore } from "@/lib/storage/store";
import { runtime } from "./runtime";

/** What the training routes add to the owner and their agent: the plan's limits and how to add documents. */
export async function trainingContext(
  { user, agent, db }: Pick<OwnerAgentCaller, "user" | "agent"> & { db: Db },
  locale: Locale,
) {
  const rt = await runtime();
  const limits = await currentLimits(db, user.id);
  const add: AddContext = {
    db,
    agentId: agent.id,
    locale,
    store: fileStore(),
    enqueue: (doc) => sendIngest(rt.jobs.boss, { ...doc, ownerId: agent.ownerId }),
    maxFileBytes: limits.maxFileBytes,
    limits,
  };
  return { limits, add, config: rt.config };
}
