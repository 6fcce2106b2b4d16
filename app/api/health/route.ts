import { checkHealth } from "@/lib/server/health";

export const dynamic = "force-dynamic";

/** GET /api/health: 200 when the database and the job system are ready, 503 otherwise. */
export async function GET() {
  const health = await checkHealth();
  return Response.json(
    { data: health },
    { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
