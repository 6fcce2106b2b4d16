import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { documentOf, markProcessing, toListItem } from "@/lib/ingest/documents";
import { route } from "@/lib/server/route";
import { trainingContext } from "@/lib/server/training";

export const POST = route(contracts.retryDocument, async (ctx) => {
  const training = await trainingContext(ctx, ctx.locale);
  const doc = await documentOf(ctx.db, ctx.agent.id, ctx.params.id);
  if (!doc) throw new ApiError("not_found", "document_not_found");
  if (doc.status === "processing") throw new ApiError("conflict", "document_busy");
  if (doc.status === "completed" && doc.type !== "url") throw new ApiError("conflict", "document_learned");
  const row = await markProcessing(ctx.db, doc.id);
  await training.add.enqueue(doc);
  return ctx.ok(toListItem(row ?? doc, ctx.locale));
});
