import { db } from "@/lib/server/runtime";
import { widgetConfigResponse } from "@/lib/widget/config-response";

/** What the loader draws the launcher with, for the sites the owner allows (lib/widget/config-response.ts). */
export async function GET(req: Request, { params }: { params: Promise<{ agentId: string }> }) {
  return widgetConfigResponse(await db(), req, (await params).agentId);
}
