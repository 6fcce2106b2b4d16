import "server-only";
import type { PublicUser, Tokens } from "@/lib/contracts/auth";
import { ok } from "@/lib/http/respond";
import { clearCookie, setCookie } from "./cookies";
import { identityOf } from "./identity-of";
import type { TokenPair, User } from "./sessions";

/** What every sign-in and renewal answers: the spec's data.access_token and data.renewal_token. */
export function tokensResponse(tokens: TokenPair, user?: User, status = 200): Response {
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie("access_token", tokens.accessToken));
  headers.append("Set-Cookie", setCookie("renewal_token", tokens.renewalToken));
  headers.set("Cache-Control", "no-store");
  const data: Tokens = {
    access_token: tokens.accessToken,
    renewal_token: tokens.renewalToken,
    token_type: "Bearer",
    expires_in: tokens.expiresIn,
    ...(user ? { user: publicUser(user) } : {}),
  };
  return ok(data, { status, headers });
}

/** Logout and failed renewals clear everything the browser holds for the account. */
export function clearSessionCookies(headers: Headers): Headers {
  headers.append("Set-Cookie", clearCookie("access_token"));
  headers.append("Set-Cookie", clearCookie("renewal_token"));
  headers.append("Set-Cookie", clearCookie("payment_token"));
  headers.set("Cache-Control", "no-store");
  return headers;
}

/** The account as the client keeps it after sign-in. */
export function publicUser(user: User): PublicUser {
  return { ...identityOf(user), time_zone: user.timeZone };
}
