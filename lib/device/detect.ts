import { UAParser } from "ua-parser-js";

/** SHELL-10: what the UI needs to know about the visitor's device (spec §3, "Device info"). */
export type DeviceInfo = {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isWindows: boolean;
  isMacOS: boolean;
  isSafari: boolean;
  isFirefox: boolean;
  isEdge: boolean;
  isChrome: boolean;
  isSamsung: boolean;
  isCrawler: boolean;
};

// Headless Chrome is not a crawler here: tests and screenshot tools drive it like a person would.
const CRAWLER =
  /bot\b|crawler|spider|crawling|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|lighthouse|linkpreview/i;

export function deviceInfoFromUserAgent(ua: string): DeviceInfo {
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

/** Refines the form factor from the viewport, which the server cannot see (e.g. a narrow desktop window). */
export function withViewport(info: DeviceInfo, width: number): DeviceInfo {
  if (info.isCrawler) return info;
  const isMobile = width < 768;
  const isTablet = !isMobile && width < 1024 && (info.isTablet || info.isMobile);
  return { ...info, isMobile, isTablet, isDesktop: !isMobile && !isTablet };
}
