import { readCookie } from "@/lib/auth/cookies";
import { accessTokenOf } from "@/lib/auth/request";
import { clearSessionCookies } from "@/lib/auth/respond";
import { authenticate, revokeFamily, sessionOfRenewalToken } from "@/lib/auth/sessions";
import { contracts } from "@/lib/contracts";
import { bearer } from "@/lib/http/bearer";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

/** Always succeeds: a client that is already signed out (or whose token expired) is simply told so. */
export const DELETE = route(contracts.signOut, async ({ ok, req }) => {
  const database = await db();
  let sessionId: string | null = null;
  const access = accessTokenOf(req);
  if (access && access.length <= 200) sessionId = (await authenticate(database, access))?.sessionId ?? null;
  const renewal = readCookie(req, "renewal_token") ?? (access ? undefined : bearer(req));
  if (!sessionId && renewal && renewal.length <= 200)
    sessionId = await sessionOfRenewalToken(database, renewal);
  if (sessionId) await revokeFamily(database, sessionId, "signed_out");
  return ok({ signed_out: true }, { headers: clearSessionCookies(new Headers()) });
});
