import "server-only";
import { planName } from "@/lib/billing/plans";
import type { TaughtAnswerItem } from "@/lib/contracts/answers";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { agentUsage } from "@/lib/limits/agent-usage";
import { currentLimits } from "@/lib/limits/entitlement";
import { forgetTaught } from "./matcher";
import { deleteTaught, insertTaught, listTaught, type TaughtAnswerRow, updateTaught } from "./queries";

/** The owner's side of taught answers (issue 44): listed, taught, changed and removed, one agent's only. */
export type TaughtScope = { db: Db; agentId: string; ownerId: string; locale: Locale };

export function toItem(row: TaughtAnswerRow): TaughtAnswerItem {
  return {
    id: row.id,
    questions: row.questions,
    answer: row.answer,
    inserted_at: row.insertedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function taughtList(scope: TaughtScope): Promise<TaughtAnswerItem[]> {
  return (await listTaught(scope.db, scope.agentId)).map(toItem);
}

/** A new taught answer; refused, naming the plan, when the agent has used every document the plan allows. */
export async function teach(
  scope: TaughtScope,
  input: { questions: string[]; answer: string },
): Promise<TaughtAnswerItem> {
  const limits = await currentLimits(scope.db, scope.ownerId);
  const usage = await agentUsage(scope.db, scope.agentId);
  if (usage.documents >= limits.documentsPerAgent) {
    // The same words as a document refused by the plan: its name and its limit in the owner's language.
    throw new ApiError("forbidden", "limit_documents", {
      plan: planName(limits.plan, scope.locale),
      limit: limits.documentsPerAgent.toLocaleString(scope.locale === "vi" ? "vi-VN" : "en-US"),
    });
  }
  const row = await insertTaught(scope.db, scope.agentId, input);
  forgetTaught(scope.agentId);
  return toItem(row);
}

export async function reteach(
  scope: TaughtScope,
  id: string,
  patch: { questions?: string[]; answer?: string },
): Promise<TaughtAnswerItem> {
  const row = await updateTaught(scope.db, scope.agentId, id, patch);
  if (!row) throw new ApiError("not_found", "answer_not_found");
  forgetTaught(scope.agentId);
  return toItem(row);
}

export async function untaught(scope: TaughtScope, id: string): Promise<{ id: string }> {
  const row = await deleteTaught(scope.db, scope.agentId, id);
  if (!row) throw new ApiError("not_found", "answer_not_found");
  forgetTaught(scope.agentId);
  return { id: row.id };
}
