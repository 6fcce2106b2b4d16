import { describe, expect, it } from "vitest";
import { TOASTER_SETTINGS } from "@/components/shell/app-toaster";
import { deviceInfoFromUserAgent, withViewport } from "@/lib/device/detect";
import { isChunkLoadError, RELOAD_GUARD_MS, shouldReload } from "@/lib/version/reload-guard";

const ua = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  android:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  samsung:
    "Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
};

describe("device info from the User-Agent", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceInfoFromUserAgent(ua.iphone)).toMatchObject({
      isMobile: true,
      isIos: true,
      isSafari: true,
      isDesktop: false,
    });
    expect(deviceInfoFromUserAgent(ua.android)).toMatchObject({
      isMobile: true,
      isAndroid: true,
      isChrome: true,
    });
    expect(deviceInfoFromUserAgent(ua.samsung)).toMatchObject({
      isMobile: true,
      isSamsung: true,
      isChrome: false,
    });
    expect(deviceInfoFromUserAgent(ua.ipad)).toMatchObject({ isTablet: true, isMobile: false, isIos: true });
    expect(deviceInfoFromUserAgent(ua.edge)).toMatchObject({
      isDesktop: true,
      isWindows: true,
      isEdge: true,
      isChrome: false,
    });
    expect(deviceInfoFromUserAgent(ua.firefoxMac)).toMatchObject({
      isDesktop: true,
      isMacOS: true,
      isFirefox: true,
    });
  });

  it("recognises crawlers but not headless browsers driven by people's tools", () => {
    expect(deviceInfoFromUserAgent(ua.googlebot).isCrawler).toBe(true);
    expect(deviceInfoFromUserAgent(ua.headless).isCrawler).toBe(false);
    expect(deviceInfoFromUserAgent(ua.iphone).isCrawler).toBe(false);
  });

  it("refines the form factor from the viewport", () => {
    const desktop = deviceInfoFromUserAgent(ua.headless);
    expect(withViewport(desktop, 390)).toMatchObject({ isMobile: true, isDesktop: false });
    expect(withViewport(desktop, 1280)).toMatchObject({ isMobile: false, isDesktop: true });
    const phone = deviceInfoFromUserAgent(ua.android);
    expect(withViewport(phone, 900)).toMatchObject({ isTablet: true, isMobile: false });
    const bot = deviceInfoFromUserAgent(ua.googlebot);
    expect(withViewport(bot, 390)).toEqual(bot);
  });
});

describe("chunk-load reload guard", () => {
  it("recognises chunk-load failures only", () => {
    expect(isChunkLoadError(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 123 failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /_next/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads at most once per 10 s", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReload(null, 1_000_000)).toBe(true);
    expect(shouldReload(1_000_000, 1_000_000 + 9_999)).toBe(false);
    expect(shouldReload(1_000_000, 1_000_000 + 10_000)).toBe(true);
    expect(shouldReload(Number.NaN, 5)).toBe(true);
  });
});

describe("toaster", () => {
  it("uses exactly the spec's settings", () => {
    expect(TOASTER_SETTINGS).toEqual({
      expand: true,
      richColors: true,
      duration: 4000,
      visibleToasts: 3,
      gap: 14,
      offset: 32,
      position: "bottom-right",
      hotkey: ["altKey", "KeyT"],
    });
  });
});
