import { afterEach, describe, expect, it } from "vitest";
import { clientIp, ipDayKeys, ipLimitKey, normalize, PEER_HEADER } from "@/lib/http/client-ip";

const KEY = Symbol.for("agentcity.config");
const req = (headers: Record<string, string>) => new Request("http://app.test/x", { headers });

function withTrusted(list: string) {
  process.env.TRUSTED_PROXIES = list;
  delete (globalThis as Record<symbol, unknown>)[KEY];
}

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

describe("client address", () => {
  it("is the socket peer, whatever X-Forwarded-For claims, when no proxy is trusted", () => {
    withTrusted("");
    expect(clientIp(req({ [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "1.2.3.4" }))).toBe("203.0.113.7");
  });

  it("believes X-Forwarded-For only from a trusted proxy, taking the right-most untrusted hop", () => {
    withTrusted("10.0.0.2, 10.0.0.3");
    const h = { [PEER_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.3" };
    // 6.6.6.6 was written by the client itself; 198.51.100.9 is what our proxies saw.
    expect(clientIp(req(h))).toBe("198.51.100.9");
    expect(clientIp(req({ [PEER_HEADER]: "10.0.0.9", "x-forwarded-for": "6.6.6.6" }))).toBe("10.0.0.9");
  });

  it("unwraps IPv4-mapped IPv6 and refuses garbage", () => {
    expect(normalize("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalize("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(normalize("not-an-ip")).toBe("");
    expect(clientIp(req({}))).toBe("unknown");
  });

  it("counts IPv6 by its /64 and IPv4 by the address", () => {
    expect(ipLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(ipLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(ipLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(ipLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(ipLimitKey("192.0.2.1")).toBe("192.0.2.1");
  });

  it("counts an address's day by its IPv6 /56 and /48, IPv4 by the address", () => {
    // 256 /64s of one home connection's /56 are one address for the day.
    for (const ip of ["2001:db8:1:200::1", "2001:db8:1:2ff:aaaa::9", "2001:db8:1:0280::1"]) {
      expect(ipDayKeys(ip)).toEqual({ address: "2001:db8:1:200::/56", wide: "2001:db8:1::/48" });
    }
    expect(ipDayKeys("2001:db8:1:300::1").address).toBe("2001:db8:1:300::/56");
    expect(ipDayKeys("2001:db8:2:200::1").wide).toBe("2001:db8:2::/48");
    expect(ipDayKeys("::1")).toEqual({ address: "0:0:0:0::/56", wide: "0:0:0::/48" });
    expect(ipDayKeys("192.0.2.1")).toEqual({ address: "192.0.2.1", wide: null });
  });
});
