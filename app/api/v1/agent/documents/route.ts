import { z } from "zod";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";
import { listDocuments, pagesRead, toListItem, trainingSummary } from "@/lib/ingest/documents";
import { trainingContext } from "@/lib/ingest/owner";

const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** AGENT-6: the agent's documents, newest first, 20 a page. */
export const GET = handle(async (req) => {
  const ctx = await trainingContext(req);
  const page = pageParam.parse(cleanQuery(req.url).get("page") ?? 1);
  const [{ items, totalPages }, summary] = await Promise.all([
    listDocuments(ctx.db, ctx.agent.id, page),
    trainingSummary(ctx.db, ctx.agent.id),
  ]);
  const pages = await pagesRead(ctx.db, items);
  return ok(
    items.map((d) => toListItem(d, ctx.locale, pages)),
    { meta: { page, total_pages: totalPages, summary }, headers: { "cache-control": "no-store" } },
  );
});
