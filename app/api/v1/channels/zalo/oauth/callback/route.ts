import { finishZaloAuthorization } from "@/lib/channels/channels";
import { config } from "@/lib/config";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/**
 * Zalo sends the OA's admin back here with the code and the single-use state; whatever happens, they land
 * on Setup → Channels, which says whether the OA is connected.
 */
export const GET = route(contracts.zaloOAuthCallback, async ({ query, locale, db }) => {
  const done = await finishZaloAuthorization(db, query);
  const target = new URL(`${config().APP_URL}/${locale}/setup/channels`);
  if (done.error) target.searchParams.set("zalo", done.error);
  else target.searchParams.set("zalo", "connected");
  return new Response(null, {
    status: 302,
    headers: { Location: target.toString(), "Cache-Control": "no-store" },
  });
});
