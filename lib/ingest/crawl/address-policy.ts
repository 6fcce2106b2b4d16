import "server-only";
import { isIP } from "node:net";

/**
 * Which network addresses the crawler may connect to. An owner types any address, so without this
 * the server would fetch its own admin ports, the cloud metadata service (169.254.169.254) or the
 * office network for whoever asks. Only globally routable unicast is public; everything else is
 * refused, except loopback when a test or a local set-up allows it.
 */
export type AddressKind = "public" | "loopback" | "blocked";

/** IPv4 ranges that are not globally routable (IANA special-purpose registry), loopback apart. */
const V4_BLOCKED = (
  [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8],
    ["100.64.0.0", 10], // carrier-grade NAT
    ["169.254.0.0", 16], // link-local, cloud metadata
    ["172.16.0.0", 12],
    ["192.0.0.0", 24], // IETF protocol assignments
    ["192.0.2.0", 24], // documentation
    ["192.88.99.0", 24], // 6to4 relay anycast
    ["192.168.0.0", 16],
    ["198.18.0.0", 15], // benchmarking
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, and 255.255.255.255
  ] as const
).map(([base, bits]) => [v4ToInt(base), bits] as const);

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4(n: number, base: number, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(n / size) === Math.floor(base / size);
}

function classifyV4(n: number): AddressKind {
  if (inV4(n, 0x7f000000, 8)) return "loopback";
  return V4_BLOCKED.some(([base, bits]) => inV4(n, base, bits)) ? "blocked" : "public";
}

/** 16 bytes of an IPv6 address (with or without a dotted IPv4 tail), or null if it is not one. */
function v6Bytes(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (isIP(tail[1]!) !== 4) return null;
    const n = v4ToInt(tail[1]!);
    text = `${text.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    const v = Number.parseInt(g, 16);
    bytes.push(v >> 8, v & 0xff);
  }
  return bytes;
}

function v4At(b: number[], offset: number): number {
  return ((b[offset]! << 24) >>> 0) + (b[offset + 1]! << 16) + (b[offset + 2]! << 8) + b[offset + 3]!;
}

function zeros(b: number[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (b[i] !== 0) return false;
  return true;
}

function classifyV6(b: number[]): AddressKind {
  if (zeros(b, 0, 15) && b[15] === 1) return "loopback"; // ::1
  if (zeros(b, 0, 16)) return "blocked"; // ::
  // IPv4 inside IPv6 reaches the IPv4 host on a dual-stack system or a translator, so it takes the
  // embedded address's verdict; loopback that way is never allowed (only the plain forms are).
  const embedded = embeddedV4(b);
  if (embedded !== undefined) return classifyV4(embedded) === "public" ? "public" : "blocked";
  if (b[0] === 0x64 && b[1] === 0xff && b[2] === 0x9b && b[3] === 0x00 && b[4] === 0x01) return "blocked"; // 64:ff9b:1::/48 local-use NAT64
  // Only 2000::/3 is global unicast; fc00::/7, fe80::/10, fec0::/10, ff00::/8, 100::/64 and the rest fall outside.
  if ((b[0]! & 0xe0) !== 0x20) return "blocked";
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return "blocked"; // documentation
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3]! < 0x02) return "blocked"; // Teredo, benchmarking
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && (b[3]! & 0xf0) === 0x10) return "blocked"; // ORCHID
  return "public";
}

/** The IPv4 address that an IPv6 address carries, for the forms that route to it. */
function embeddedV4(b: number[]): number | undefined {
  // ::ffff:a.b.c.d (mapped)
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return v4At(b, 12);
  // ::ffff:0:a.b.c.d (translated)
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12)) return v4At(b, 12);
  // ::a.b.c.d (compatible, deprecated)
  if (zeros(b, 0, 12)) return v4At(b, 12);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return v4At(b, 12);
  // 2002:aabb:ccdd::/48 (6to4)
  if (b[0] === 0x20 && b[1] === 0x02) return v4At(b, 2);
  return undefined;
}

/** Classifies an IP literal (no brackets); anything that is not an IP address is "blocked". */
export function classifyAddress(ip: string): AddressKind {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (isIP(bare) === 4) return classifyV4(v4ToInt(bare));
  const bytes = v6Bytes(bare);
  return bytes ? classifyV6(bytes) : "blocked";
}

/** True when the crawler may connect to this IP: public, or loopback when the set-up allows it. */
export function addressAllowed(ip: string, allowPrivate: boolean): boolean {
  const kind = classifyAddress(ip);
  return kind === "public" || (kind === "loopback" && allowPrivate);
}
