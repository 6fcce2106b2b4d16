import "server-only";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?(?:access_token|renewal_token|visitor)=/;

/**
 * CSRF defence: a mutating request must come from our own origin. Browsers send Origin on every POST,
 * PUT, PATCH and DELETE (and Sec-Fetch-Site where supported). A request carrying our session cookies
 * without an Origin is refused too; only cookie-less API clients (Bearer tokens, nothing ambient to abuse)
 * may omit it.
 */
export function isCrossOriginMutation(req: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const origin = req.headers.get("origin");
  if (origin) {
    if (origin === "null") return true;
    return !allowedOrigins(req, appUrl).has(origin);
  }
  const site = req.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  return SESSION_COOKIE.test(req.headers.get("cookie") ?? "");
}

function allowedOrigins(req: Request, appUrl: string): Set<string> {
  const allowed = new Set([new URL(appUrl).origin]);
  // The origin the request was actually addressed to (e.g. 127.0.0.1 vs localhost in development).
  const host = req.headers.get("host");
  if (host) allowed.add(`${new URL(req.url).protocol}//${host}`);
  return allowed;
}
