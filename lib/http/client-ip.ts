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
  return ipv6Prefix(ip, 64) ?? ip;
}

/**
 * The keys an address's daily share counts under (CHAT-8). IPv4: the address. IPv6: its /56, what one home
 * connection is commonly given (256 /64s, each a limit key of its own per minute); and its /48 (`wide`,
 * null for IPv4), one site's or one customer's block, which a few /56s' shares fill.
 */
export function ipDayKeys(ip: string): { address: string; wide: string | null } {
  return { address: ipv6Prefix(ip, 56) ?? ip, wide: ipv6Prefix(ip, 48) };
}

/** An IPv6 address's first `bits` (a multiple of 8, up to 64) as "a:b:c:d00::/56"; null when not IPv6. */
function ipv6Prefix(ip: string, bits: 48 | 56 | 64): string | null {
  if (isIP(ip) !== 6) return null;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const full = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const kept = Math.ceil(bits / 16);
  // A /56 keeps the upper byte of its fourth group.
  const mask = (i: number) => (i < kept - 1 || bits % 16 === 0 ? 0xffff : 0xff00);
  const groups = full.slice(0, kept).map((g, i) => Number.parseInt(g || "0", 16) & mask(i));
  return `${groups.map((g) => g.toString(16)).join(":")}::/${bits}`;
}
