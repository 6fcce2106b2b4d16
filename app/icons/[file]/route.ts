import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/respond";
import { iconSubset, iconSubsetEtag } from "@/lib/icons/collection";
import { parseIconRequest } from "@/lib/icons/request";

/**
 * `GET /icons/{prefix}.json?icons=a,b,c` (spec §7): the asked-for icons of a collection the app serves, in
 * Iconify's API shape, so pages use the same client whether icons come from here or from ICON_HOST. The
 * answer only changes with the installed icon set: cached for a month, revalidated by its ETag.
 */
export const GET = handle(async (req: Request, ctx: { params: Promise<{ file: string }> }) => {
  const { prefix, names } = parseIconRequest((await ctx.params).file, new URL(req.url).searchParams);
  const collection = iconSubset(prefix, names);
  if (!collection) throw new ApiError("not_found", "icons_collection_unknown", { prefix });
  const etag = iconSubsetEtag(prefix, names);
  const headers = {
    "cache-control": "public, max-age=2592000, stale-while-revalidate=86400",
    etag,
    // Public drawings, like Iconify's own API: any site may load them.
    "access-control-allow-origin": "*",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return Response.json(collection, { headers });
});
