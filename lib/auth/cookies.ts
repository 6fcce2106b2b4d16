import "server-only";
import { config } from "@/lib/config";
import { isLoopbackHost } from "@/lib/shared/loopback-host";
import { OTP_REQUEST_COOKIE_MAX_AGE } from "./otp-policy";
import {
  ACCESS_COOKIE_MAX_AGE,
  OAUTH_FLOW_TTL_SECONDS,
  PAYMENT_COOKIE_MAX_AGE,
  RENEWAL_COOKIE_MAX_AGE,
} from "./policy";

/**
 * The session cookies (AUTH-3). HttpOnly, SameSite=Lax, Path=/. Over https they are Secure and carry the
 * __Host- prefix, which the browser only accepts from a secure origin for the exact host.
 */
export type CookieName =
  | "access_token"
  | "renewal_token"
  | "payment_token"
  | "oauth_flow"
  | "otp_request"
  | "visitor"
  | "ac_ws"
  | "ac_agent";

const maxAges: Record<CookieName, number> = {
  access_token: ACCESS_COOKIE_MAX_AGE,
  renewal_token: RENEWAL_COOKIE_MAX_AGE,
  payment_token: PAYMENT_COOKIE_MAX_AGE,
  oauth_flow: OAUTH_FLOW_TTL_SECONDS,
  otp_request: OTP_REQUEST_COOKIE_MAX_AGE,
  // A public-chat visitor's own conversations stay theirs for a year on this device.
  visitor: 365 * 24 * 60 * 60,
  // The workspace this browser last switched to; checked against membership on every request.
  ac_ws: 365 * 24 * 60 * 60,
  ac_agent: 365 * 24 * 60 * 60,
};

export function secureCookies(): boolean {
  const { APP_URL, isProduction } = config();
  const url = new URL(APP_URL);
  if (url.protocol === "https:") return true;
  return isProduction && !isLoopbackHost(url.hostname);
}

export function cookieName(name: CookieName): string {
  return secureCookies() ? `__Host-${name}` : name;
}

export function setCookie(name: CookieName, value: string): string {
  return serialize(cookieName(name), value, maxAges[name]);
}

/**
 * A cookie for a page another site frames (the widget): SameSite=None so the frame's requests carry it, and
 * Partitioned (CHIPS) so it belongs to that one embedding site. Both need Secure: over plain http (local
 * development) it is the usual Lax cookie, and the frame relies on its own storage.
 */
export function setFramedCookie(name: CookieName, value: string): string {
  const cookie = serialize(cookieName(name), value, maxAges[name]);
  return secureCookies() ? `${cookie.replace("SameSite=Lax", "SameSite=None")}; Partitioned` : cookie;
}

export function clearCookie(name: CookieName): string {
  return serialize(cookieName(name), "", 0);
}

function serialize(name: string, value: string, maxAge: number): string {
  const parts = [`${name}=${value}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax"];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (secureCookies()) parts.push("Secure");
  return parts.join("; ");
}

/** Reads one of our cookies from a request (either spelling, so a change of APP_URL scheme is harmless). */
export function readCookie(req: Request, name: CookieName): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  const wanted = new Set([name, `__Host-${name}`]);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (wanted.has(key)) {
      const value = part.slice(eq + 1).trim();
      if (value) return value;
    }
  }
  return undefined;
}

/** The same lookup for a server component's cookie store. */
export function readCookieStore(
  store: { get(name: string): { value: string } | undefined },
  name: CookieName,
): string | undefined {
  return store.get(`__Host-${name}`)?.value || store.get(name)?.value || undefined;
}
