import { contracts } from "@/lib/contracts";
import { listDocuments, pagesRead, toListItem, trainingSummary } from "@/lib/ingest/documents";
import { route } from "@/lib/server/route";

export const GET = route(contracts.listDocuments, async ({ ok, agent, db, query: { page }, locale }) => {
  const [{ items, totalPages }, summary] = await Promise.all([
    listDocuments(db, agent.id, page),
    trainingSummary(db, agent.id),
  ]);
  const pages = await pagesRead(db, items);
  return ok(
    items.map((d) => toListItem(d, locale, pages)),
    { meta: { page, total_pages: totalPages, summary }, headers: { "cache-control": "no-store" } },
  );
});
