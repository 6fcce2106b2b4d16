import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { readCookie, readCookieStore, setCookie, setFramedCookie } from "./cookies";

/**
 * An anonymous visitor of public chat pages (CHAT-1): a random id in an HttpOnly cookie, signed with the
 * session secret so nobody can claim another visitor's id, and through it read their conversations.
 */
const ID = /^v_[A-Za-z0-9_-]{22}$/;

function sign(id: string): string {
  return createHmac("sha256", config().SESSION_SECRET).update(`visitor:${id}`).digest("base64url");
}

export function newVisitorId(): string {
  return `v_${randomBytes(16).toString("base64url")}`;
}

export function visitorCookieValue(id: string): string {
  return `${id}.${sign(id)}`;
}

/** The id a cookie value proves, or null for anything unsigned, forged or malformed. */
export function verifyVisitorCookie(value: string | undefined): string | null {
  if (!value || value.length > 120) return null;
  const dot = value.indexOf(".");
  const id = value.slice(0, dot);
  const mac = value.slice(dot + 1);
  if (dot < 0 || !ID.test(id)) return null;
  const expected = Buffer.from(sign(id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * The widget's frame is a third-party context, where browsers may keep no cookie at all: it keeps the same
 * signed value in its own storage and sends it in this header. A header, unlike a cookie, is never sent
 * by a browser on another site's behalf, and our API answers no cross-origin request that could set it.
 */
export const VISITOR_HEADER = "x-agentcity-visitor";
/** Sent by the widget's frame: its new visitor's signed id comes back in VISITOR_HEADER too. */
export const EMBED_HEADER = "x-agentcity-embed";

export function visitorOf(req: Request): string | null {
  return (
    verifyVisitorCookie(readCookie(req, "visitor")) ??
    verifyVisitorCookie(req.headers.get(VISITOR_HEADER) ?? undefined)
  );
}

/** For server components: the visitor of this page request, if the browser has been here before. */
export function readVisitorId(store: { get(name: string): { value: string } | undefined }): string | null {
  return verifyVisitorCookie(readCookieStore(store, "visitor"));
}

/**
 * The visitor of a request, created when new; `cookie` is the Set-Cookie to send when it was, and `headers`
 * what to answer with it. In the widget's frame the cookie is a partitioned third-party one, and the signed
 * value also comes back in a header for the frame's own storage.
 */
export function ensureVisitor(req: Request): {
  id: string;
  cookie: string | null;
  headers: Record<string, string>;
} {
  const known = visitorOf(req);
  if (known) return { id: known, cookie: null, headers: {} };
  const id = newVisitorId();
  const value = visitorCookieValue(id);
  if (req.headers.get(EMBED_HEADER) === "1") {
    const cookie = setFramedCookie("visitor", value);
    return { id, cookie, headers: { "set-cookie": cookie, [VISITOR_HEADER]: value } };
  }
  const cookie = setCookie("visitor", value);
  return { id, cookie, headers: { "set-cookie": cookie } };
}
