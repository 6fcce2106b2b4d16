import { contracts } from "@/lib/contracts";
import { servedDocument } from "@/lib/openapi/served";
import { route } from "@/lib/server/route";

/**
 * BEYOND-4: the OpenAPI document itself (not `{data}`), the same object for every call of this process.
 * Public and cacheable like any documentation page; like the rest of the API it sends no CORS headers.
 */
export const GET = route(contracts.apiDocument, async () =>
  Response.json(servedDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
);
