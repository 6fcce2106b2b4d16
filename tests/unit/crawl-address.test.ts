import { describe, expect, it } from "vitest";
import { addressAllowed, classifyAddress } from "@/lib/ingest/crawl/address-policy";
import { CrawlError } from "@/lib/ingest/crawl/errors";
import { checkTarget } from "@/lib/ingest/crawl/safe-fetch";

describe("classifyAddress", () => {
  it.each([
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "198.18.0.1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "::127.0.0.1",
    "::10.0.0.1",
    "64:ff9b::10.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::8.8.8.8",
    "2002:7f00:1::",
    "2002:0a00:0001::1",
    "2002:a9fe:a9fe::1",
    "2001:db8::1",
    "2001:0::1",
    "100::1",
    "not-an-ip",
    "1.2.3",
    "1::2::3",
  ])("%s is blocked", (ip) => {
    expect(classifyAddress(ip)).toBe("blocked");
    expect(addressAllowed(ip, true)).toBe(false);
    expect(addressAllowed(ip, false)).toBe(false);
  });

  it.each(["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "[::1]"])("%s is loopback", (ip) => {
    expect(classifyAddress(ip)).toBe("loopback");
    expect(addressAllowed(ip, false)).toBe(false);
    expect(addressAllowed(ip, true)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:0808:0808::1",
  ])("%s is public", (ip) => {
    expect(classifyAddress(ip)).toBe("public");
    expect(addressAllowed(ip, false)).toBe(true);
  });
});

describe("checkTarget on parsed URLs", () => {
  const key = (href: string, allowPrivate = false) => {
    try {
      checkTarget(new URL(href), allowPrivate);
      return "ok";
    } catch (err) {
      return err instanceof CrawlError ? err.key : String(err);
    }
  };

  it.each([
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://127.1/",
    "http://0177.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://169.254.169.254/latest/meta-data",
    "http://0xa9fea9fe/",
    "http://10.0.0.1/",
    "http://0/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
  ])("%s is refused before connecting", (href) => {
    expect(key(href)).toBe("url_blocked");
  });

  it("lets loopback literals through only when private addresses are allowed", () => {
    expect(key("http://2130706433/", true)).toBe("ok");
    expect(key("http://0x7f.1/", true)).toBe("ok");
    expect(key("http://[::1]/", true)).toBe("ok");
    expect(key("http://[::ffff:127.0.0.1]/", true)).toBe("url_blocked");
    expect(key("http://169.254.169.254/", true)).toBe("url_blocked");
    expect(key("http://10.0.0.1/", true)).toBe("url_blocked");
    expect(key("http://192.168.0.1:8080/", true)).toBe("url_blocked");
  });

  it("refuses other schemes, credentials and unusual ports", () => {
    expect(key("ftp://example.com/")).toBe("url_invalid");
    expect(key("file:///etc/passwd")).toBe("url_invalid");
    expect(key("gopher://example.com/")).toBe("url_invalid");
    expect(key("https://user:pw@example.com/")).toBe("url_credentials");
    expect(key("https://example.com:8443/")).toBe("url_port");
    expect(key("https://example.com:8443/", true)).toBe("ok");
    expect(key("https://example.com:443/")).toBe("ok");
    expect(key("http://example.com:80/")).toBe("ok");
  });
});
