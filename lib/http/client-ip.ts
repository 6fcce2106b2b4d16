import "server-only";
import { isIP } from "node:net";
import { config } from "@/lib/config";

/**
 * The header our own HTTP server (scripts/serve.ts) sets to the socket's peer address, after deleting
 * whatever a client sent under that name. Next keeps a client-sent X-Forwarded-For as is, so that header
 * alone can be forged.
 */
export const PEER_HEADER = "x-agentcity-peer";

/**
 * The visitor's address: the socket peer, or — only when the peer is a trusted proxy — the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientIp(req: Request): string {
  const peer = normalize(req.headers.get(PEER_HEADER) ?? "") || "unknown";
  const trusted = new Set(config().TRUSTED_PROXIES.map(normalize));
  if (!trusted.has(peer)) return peer;
  const chain = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => normalize(s.trim()))
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!trusted.has(chain[i]!)) return chain[i]!;
  }
  return peer;
}

/** Strips IPv4-mapped IPv6 (::ffff:1.2.3.4) and brackets; anything unparsable becomes "". */
export function normalize(ip: string): string {
  let s = ip.trim().replace(/^\[|\]$/g, "");
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(s)) s = s.slice(7);
  return isIP(s) ? s.toLowerCase() : "";
}

/** The key a per-address limit counts under: IPv4 as is, IPv6 by its /64 (one subscriber's network). */
export function ipLimitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const full = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}
