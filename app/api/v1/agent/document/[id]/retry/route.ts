import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { documentOf, markProcessing, toListItem } from "@/lib/ingest/documents";
import { documentIdOf, trainingContext } from "@/lib/ingest/owner";

/** AGENT-5: learns a failed document again; for a website, crawls it again (AGENT-4 re-crawl). */
export const POST = handle(async (req, { params }: { params: Promise<{ id: string }> }) => {
  const id = documentIdOf((await params).id);
  const ctx = await trainingContext(req);
  const doc = await documentOf(ctx.db, ctx.agent.id, id);
  if (!doc) throw new ApiError("not_found", "document_not_found");
  if (doc.status === "processing") throw new ApiError("conflict", "document_busy");
  if (doc.status === "completed" && doc.type !== "url") throw new ApiError("conflict", "document_learned");
  const row = await markProcessing(ctx.db, doc.id);
  await ctx.add.enqueue(doc.id);
  return ok(toListItem(row ?? doc, ctx.locale));
});
