import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { deleteDocument } from "@/lib/ingest/documents";
import { documentIdOf, trainingContext } from "@/lib/ingest/owner";

/** AGENT-6: removes a document, what the agent learned from it (cascade) and its stored original. */
export const DELETE = handle(async (req, { params }: { params: Promise<{ id: string }> }) => {
  const id = documentIdOf((await params).id);
  const ctx = await trainingContext(req);
  const removed = await deleteDocument(ctx.db, ctx.agent.id, id);
  if (!removed) throw new ApiError("not_found", "document_not_found");
  if (removed.storageKey) await ctx.add.store.delete(removed.storageKey);
  return ok({ id: removed.id });
});
