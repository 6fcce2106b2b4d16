import { describe, expect, it } from "vitest";
import { type DeviceInfo, deviceInfoFromUserAgent, withViewport } from "@/lib/device/detect";

const none: DeviceInfo = {
  isMobile: false,
  isTablet: false,
  isDesktop: false,
  isIos: false,
  isAndroid: false,
  isWindows: false,
  isMacOS: false,
  isSafari: false,
  isFirefox: false,
  isEdge: false,
  isChrome: false,
  isSamsung: false,
  isCrawler: false,
};

// Real User-Agent strings as those browsers send them.
const ua = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  samsungInternet:
    "Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  cubot:
    "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.91 Mobile Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  macFirefox: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  headlessChrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  googlebotSmartphone:
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  twitterbot: "Twitterbot/1.0",
  skypePreview:
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com",
  slackbot: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  spider:
    "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
};

const detect = (s: string) => deviceInfoFromUserAgent(s);

describe("deviceInfoFromUserAgent", () => {
  it("iPhone Safari", () => {
    expect(detect(ua.iphoneSafari)).toEqual({ ...none, isMobile: true, isIos: true, isSafari: true });
  });

  it("iPhone Chrome counts as Chrome on iOS, not Safari", () => {
    expect(detect(ua.iphoneChrome)).toEqual({ ...none, isMobile: true, isIos: true, isChrome: true });
  });

  it("Android Chrome", () => {
    expect(detect(ua.androidChrome)).toEqual({ ...none, isMobile: true, isAndroid: true, isChrome: true });
  });

  it("Samsung Internet is Samsung, not Chrome", () => {
    expect(detect(ua.samsungInternet)).toEqual({ ...none, isMobile: true, isAndroid: true, isSamsung: true });
  });

  it("iPad Safari (iPadOS 12 and earlier style UA) is a tablet", () => {
    expect(detect(ua.ipad)).toEqual({ ...none, isTablet: true, isIos: true, isSafari: true });
  });

  it("an Android tablet is a tablet", () => {
    expect(detect(ua.androidTablet)).toEqual({ ...none, isTablet: true, isAndroid: true, isChrome: true });
  });

  it("Windows Edge is Edge, not Chrome", () => {
    expect(detect(ua.windowsEdge)).toEqual({ ...none, isDesktop: true, isWindows: true, isEdge: true });
  });

  it("Windows Chrome", () => {
    expect(detect(ua.windowsChrome)).toEqual({ ...none, isDesktop: true, isWindows: true, isChrome: true });
  });

  it("macOS Firefox", () => {
    expect(detect(ua.macFirefox)).toEqual({ ...none, isDesktop: true, isMacOS: true, isFirefox: true });
  });

  it("macOS Safari", () => {
    expect(detect(ua.macSafari)).toEqual({ ...none, isDesktop: true, isMacOS: true, isSafari: true });
  });

  it("Googlebot is a crawler", () => {
    expect(detect(ua.googlebot)).toMatchObject({ isCrawler: true, isDesktop: true });
    expect(detect(ua.googlebotSmartphone)).toMatchObject({ isCrawler: true, isMobile: true });
  });

  it.each(["bingbot", "facebook", "twitterbot", "skypePreview", "slackbot", "spider"] as const)(
    "%s is a crawler",
    (name) => {
      expect(detect(ua[name]).isCrawler).toBe(true);
    },
  );

  it.each([
    "iphoneSafari",
    "androidChrome",
    "samsungInternet",
    "cubot",
    "windowsEdge",
    "macFirefox",
    "headlessChrome",
  ] as const)("%s is not a crawler", (name) => {
    expect(detect(ua[name]).isCrawler).toBe(false);
  });

  it("an empty or unknown User-Agent is a desktop with nothing else known", () => {
    expect(detect("")).toEqual({ ...none, isDesktop: true });
    expect(detect("SomethingNew/1.0")).toEqual({ ...none, isDesktop: true });
  });
});

describe("withViewport", () => {
  const desktop = detect(ua.windowsChrome);
  const phone = detect(ua.androidChrome);
  const tablet = detect(ua.ipad);

  it("below 768 px is mobile, whatever the User-Agent said", () => {
    for (const info of [desktop, phone, tablet]) {
      expect(withViewport(info, 767)).toMatchObject({ isMobile: true, isTablet: false, isDesktop: false });
    }
  });

  it("768 to 1023 px is a tablet for touch devices and a desktop for a narrow desktop window", () => {
    expect(withViewport(tablet, 768)).toMatchObject({ isMobile: false, isTablet: true, isDesktop: false });
    expect(withViewport(phone, 1023)).toMatchObject({ isMobile: false, isTablet: true, isDesktop: false });
    expect(withViewport(desktop, 900)).toMatchObject({ isMobile: false, isTablet: false, isDesktop: true });
  });

  it("1024 px and wider is a desktop", () => {
    for (const info of [desktop, phone, tablet]) {
      expect(withViewport(info, 1024)).toMatchObject({ isMobile: false, isTablet: false, isDesktop: true });
    }
  });

  it("keeps everything but the form factor", () => {
    expect(withViewport(phone, 1280)).toEqual({ ...phone, isMobile: false, isDesktop: true });
  });

  it("leaves crawlers as the User-Agent described them", () => {
    const bot = detect(ua.googlebotSmartphone);
    expect(withViewport(bot, 1920)).toEqual(bot);
    expect(withViewport(detect(ua.googlebot), 320)).toEqual(detect(ua.googlebot));
  });
});
