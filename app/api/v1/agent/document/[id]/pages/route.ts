import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { errorText } from "@/lib/ingest/add";
import { pagesOf } from "@/lib/ingest/crawl-pages";
import { documentOf } from "@/lib/ingest/documents";
import { route } from "@/lib/server/route";

export const GET = route(contracts.documentPages, async ({ ok, db, agent, params, locale }) => {
  const doc = await documentOf(db, agent.id, params.id);
  if (!doc) throw new ApiError("not_found", "document_not_found");
  const pages = await pagesOf(db, doc.id);
  return ok(
    pages.map((p) => ({
      url: p.url,
      title: p.title,
      status: p.status,
      error: p.error ? errorText(locale, p.error) : null,
      characters: p.characters,
    })),
    { headers: { "cache-control": "no-store" } },
  );
});
