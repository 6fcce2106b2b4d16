import "server-only";
import { ownerAgentContext } from "@/lib/agents/owner-request";
import { limitsFor } from "@/lib/billing/plan-limits";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { runtime } from "@/lib/server/runtime";
import { fileStore } from "@/lib/storage/store";
import type { AddContext } from "./add";
import { sendIngest } from "./queue";

/** What every training route starts with: the signed-in owner, their agent (404 before setup), limits. */
export async function trainingContext(req: Request) {
  const { user, agent, db } = await ownerAgentContext(req);
  const rt = await runtime();
  const limits = limitsFor(user);
  const locale = requestLocale(req);
  const add: AddContext = {
    db,
    agentId: agent.id,
    locale,
    store: fileStore(),
    enqueue: (id) => sendIngest(rt.jobs.boss, id),
    maxFileBytes: limits.maxFileBytes,
    limits,
  };
  return { user, agent, db, limits, locale, add, config: rt.config };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document id from the path; anything that cannot be one is simply not found. */
export function documentIdOf(raw: string): string {
  if (!UUID.test(raw)) throw new ApiError("not_found", "document_not_found");
  return raw.toLowerCase();
}
