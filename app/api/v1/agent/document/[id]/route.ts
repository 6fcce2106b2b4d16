import { recordAudit } from "@/lib/audit/events";
import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { deleteDocument, toListItem } from "@/lib/ingest/documents";
import { changeRecrawl } from "@/lib/ingest/recrawl-owner";
import { route } from "@/lib/server/route";
import { trainingContext } from "@/lib/server/training";
import { auditActorOf } from "@/lib/server/workspace";
import { fileStore } from "@/lib/storage/store";

/** What the agent learned from it goes with it (cascade), and so does its stored original. */
export const DELETE = route(contracts.deleteDocument, async ({ ok, db, agent, user, req, params }) => {
  const removed = await deleteDocument(db, agent.id, params.id);
  if (!removed) throw new ApiError("not_found", "document_not_found");
  const target = { kind: "document", id: params.id, label: removed.name };
  await recordAudit(db, {
    ...auditActorOf(req, user),
    workspaceId: agent.workspaceId,
    action: "documents.removed",
    target,
  });
  if (removed.storageKey) await fileStore().delete(removed.storageKey);
  return ok({ id: removed.id });
});

/** A website's re-crawl schedule. */
export const PATCH = route(contracts.updateDocument, async (ctx) => {
  const { recrawl } = await ctx.body();
  const { limits } = await trainingContext(ctx, ctx.locale);
  const row = await changeRecrawl(ctx.db, ctx.agent.id, ctx.params.id, recrawl, limits);
  return ctx.ok(toListItem(row, ctx.locale));
});
