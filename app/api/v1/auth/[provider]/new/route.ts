import { z } from "zod";
import { readCookie, setCookie } from "@/lib/auth/cookies";
import { prefersJson } from "@/lib/auth/oauth/authorize";
import { START_LIMIT } from "@/lib/auth/oauth/policy";
import { enabledProvider, startSignIn } from "@/lib/auth/oauth/sign-in";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { requestLocale } from "@/lib/http/locale";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";
import { enforce } from "@/lib/limits/rate-limit";
import { db } from "@/lib/server/runtime";

// A malformed referral code is dropped later (cleanReferral), never a reason to refuse the sign-in.
const query = z.object({ "referral-code": z.string().max(500).optional().catch(undefined) });

/**
 * AUTH-1: starts a sign-in with an external provider. A followed link gets a redirect to the provider;
 * a script asking for JSON gets {data: {url}}. Either way the flow is bound to this browser by cookie.
 */
export const GET = handle(async (req, { params }: { params: Promise<{ provider: string }> }) => {
  const provider = enabledProvider((await params).provider);
  const searchParams = cleanQuery(req.url);
  const { "referral-code": referralCode } = query.parse(Object.fromEntries(searchParams));
  const database = await db();
  await enforce(database, [{ key: `oauth-start:${ipLimitKey(clientIp(req))}`, ...START_LIMIT }]);
  const { url, browserSecret } = await startSignIn(database, {
    provider,
    locale: requestLocale(req),
    referralCode,
    browserSecret: readCookie(req, "oauth_flow"),
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie("oauth_flow", browserSecret));
  if (prefersJson(req.headers.get("accept"))) return ok({ url }, { headers });
  headers.set("Location", url);
  return new Response(null, { status: 302, headers });
});
