import { currentBuild } from "@/lib/version/build";

export const dynamic = "force-dynamic";

/** SHELL-8: the version manifest open pages poll to notice a new deployment. */
export function GET() {
  return Response.json(currentBuild(), { headers: { "Cache-Control": "no-store, max-age=0" } });
}
