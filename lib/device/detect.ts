import { UAParser } from "ua-parser-js";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { DeviceInfo } from "./viewport";

export { type DeviceInfo, withViewport } from "./viewport";

// Headless Chrome is not a crawler here: tests and screenshot tools drive it like a person would.
// "(?<!cu)": Cubot phones put their brand, "CUBOT", in the User-Agent.
const CRAWLER =
  /(?<!cu)bot\b|crawler|spider|crawling|slurp|facebookexternalhit|embedly|preview|whatsapp|lighthouse|inspectiontool/i;

/** Server side: the User-Agent is parsed once per request; the browser refines it with withViewport. */
export function deviceInfoFromUserAgent(ua: string): DeviceInfo {
  // A handful of browsers send nearly every request, and parsing is a long run of regular expressions.
  const known = parsed.get(ua);
  if (known) return known;
  const info = Object.freeze(parse(ua));
  if (ua.length <= 512) parsed.set(ua, info);
  return info;
}

const parsed = new TtlLru<DeviceInfo>(500, 60 * 60_000);

function parse(ua: string): DeviceInfo {
  const r = UAParser(ua);
  const os = (r.os.name ?? "").toLowerCase();
  const browser = (r.browser.name ?? "").toLowerCase();
  const type = r.device.type;
  const isTablet = type === "tablet";
  const isMobile = type === "mobile" || type === "wearable";
  return {
    isMobile,
    isTablet,
    isDesktop: !isMobile && !isTablet,
    isIos: os === "ios",
    isAndroid: os === "android",
    isWindows: os === "windows",
    isMacOS: os === "macos" || os === "mac os",
    isSafari: browser === "safari" || browser === "mobile safari",
    isFirefox: browser.includes("firefox"),
    isEdge: browser.includes("edge"),
    isChrome: browser === "chrome" || browser === "mobile chrome" || browser === "chrome headless",
    isSamsung: browser.includes("samsung"),
    isCrawler: CRAWLER.test(ua),
  };
}
