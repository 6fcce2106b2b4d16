import { z } from "zod";
import { isProviderEnabled, isProviderId } from "@/lib/auth/providers";
import { config } from "@/lib/config";
import { requestLocale } from "@/lib/http/locale";
import { handle } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";

const query = z.object({
  provider: z.string().max(40).optional().catch(undefined),
  "referral-code": z.string().max(500).optional().catch(undefined),
});

/**
 * The spec's /oauth2/auth entry point. With ?provider= it starts that provider's sign-in (keeping the
 * referral code and language); without one, or with one this server has not enabled, it shows the
 * sign-in card on the home page (a followed link should never land on the API's JSON 404).
 */
export const GET = handle(async (req) => {
  const searchParams = cleanQuery(req.url);
  const q = query.parse(Object.fromEntries(searchParams));
  const locale = requestLocale(req);
  const base = config().APP_URL;
  let target: string;
  if (q.provider && isProviderId(q.provider) && isProviderEnabled(q.provider)) {
    const next = new URLSearchParams({ locale });
    if (q["referral-code"]) next.set("referral-code", q["referral-code"]);
    target = `${base}/api/v1/auth/${q.provider}/new?${next}`;
  } else {
    target = `${base}/${locale}#sign-in`;
  }
  return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store" } });
});
