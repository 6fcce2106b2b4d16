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

/**
 * Refines the form factor from the viewport, which the server cannot see (e.g. a narrow desktop window).
 * Kept apart from the User-Agent parser so the browser bundle never ships it.
 */
export function withViewport(info: DeviceInfo, width: number): DeviceInfo {
  if (info.isCrawler) return info;
  const isMobile = width < 768;
  const isTablet = !isMobile && width < 1024 && (info.isTablet || info.isMobile);
  return { ...info, isMobile, isTablet, isDesktop: !isMobile && !isTablet };
}
