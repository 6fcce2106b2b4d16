const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated requests: a mutating request from a browser must come from our
 * own origin. Browsers always send Origin on cross-site POSTs (and Sec-Fetch-Site where supported);
 * API clients using a Bearer token send neither and are not at risk, since no ambient cookie is used.
 */
export function isCrossOriginMutation(req: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const origin = req.headers.get("origin");
  if (origin) {
    if (origin === "null") return true;
    return !allowedOrigins(req, appUrl).has(origin);
  }
  const site = req.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

function allowedOrigins(req: Request, appUrl: string): Set<string> {
  const allowed = new Set([new URL(appUrl).origin]);
  // The origin the request was actually addressed to (e.g. 127.0.0.1 vs localhost in development).
  const host = req.headers.get("host");
  if (host) allowed.add(`${new URL(req.url).protocol}//${host}`);
  return allowed;
}
