import { isProviderEnabled, isProviderId } from "@/lib/auth/providers";
import { config } from "@/lib/config";
import { contracts, pathOf } from "@/lib/contracts";
import { route } from "@/lib/server/route";

/**
 * With ?provider= it starts that provider's sign-in (keeping the referral code and language); without one,
 * or with one this server has not enabled, it shows the sign-in card on the home page (a followed link
 * should never land on the API's JSON 404).
 */
export const GET = route(contracts.oauthEntry, async ({ query, locale }) => {
  const base = config().APP_URL;
  let target: string;
  if (query.provider && isProviderId(query.provider) && isProviderEnabled(query.provider)) {
    const start = pathOf(
      contracts.startOAuth,
      { provider: query.provider },
      {
        locale,
        "referral-code": query["referral-code"] || undefined,
      },
    );
    target = `${base}${start}`;
  } else {
    target = `${base}/${locale}#sign-in`;
  }
  return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store" } });
});
