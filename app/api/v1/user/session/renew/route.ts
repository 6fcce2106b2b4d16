import { readCookie } from "@/lib/auth/cookies";
import { clearSessionCookies, tokensResponse } from "@/lib/auth/respond";
import { renew } from "@/lib/auth/sessions";
import { contracts } from "@/lib/contracts";
import { bearer } from "@/lib/http/bearer";
import { clientIp } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

/** The renewal token comes as Authorization (API clients) or cookie. */
export const POST = route(contracts.renewSession, async ({ req }) => {
  const token = bearer(req) ?? readCookie(req, "renewal_token");
  if (!token || token.length > 200) throw new ApiError("unauthorized", "renewal_missing");
  const result = await renew(await db(), token, { ip: clientIp(req) });
  // Another tab renewed first: its cookies are already this browser's. Nothing to clear, just retry.
  if (!result.ok && result.reason === "raced") throw new ApiError("conflict", "renewal_raced");
  if (!result.ok) {
    const res = errorResponse(req, new ApiError("unauthorized", `renewal_${result.reason}`));
    clearSessionCookies(res.headers);
    return res;
  }
  return tokensResponse(result.tokens);
});
