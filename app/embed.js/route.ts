import { LOADER_HASH, LOADER_JS } from "@/lib/widget/loader-bundle";

/**
 * The widget's loader (BEYOND-1). `/embed.js` itself is cached briefly, so a new release reaches sites
 * within minutes; `/embed.js?v={hash}` (the build's own hash) may be cached for a year.
 */
export function GET(req: Request): Response {
  const version = new URL(req.url).searchParams.get("v");
  const etag = `"${LOADER_HASH}"`;
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control":
      version === LOADER_HASH
        ? "public, max-age=31536000, immutable"
        : "public, max-age=300, must-revalidate",
    etag,
    // Any site may load the script; nothing it reads is credentialed.
    "cross-origin-resource-policy": "cross-origin",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(LOADER_JS, { headers });
}
