import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { errorText } from "@/lib/ingest/add";
import { pagesOf } from "@/lib/ingest/crawl-pages";
import { documentOf } from "@/lib/ingest/documents";
import { documentIdOf, trainingContext } from "@/lib/ingest/owner";

/** AGENT-4: each page a website crawl found, with its status, so the owner sees the crawl progress. */
export const GET = handle(async (req, { params }: { params: Promise<{ id: string }> }) => {
  const id = documentIdOf((await params).id);
  const ctx = await trainingContext(req);
  const doc = await documentOf(ctx.db, ctx.agent.id, id);
  if (!doc) throw new ApiError("not_found", "document_not_found");
  const pages = await pagesOf(ctx.db, doc.id);
  return ok(
    pages.map((p) => ({
      url: p.url,
      title: p.title,
      status: p.status,
      error: p.error ? errorText(ctx.locale, p.error) : null,
      characters: p.characters,
    })),
    { headers: { "cache-control": "no-store" } },
  );
});
