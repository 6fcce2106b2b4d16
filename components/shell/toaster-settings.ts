/**
 * SHELL-7, exactly as the spec sets it. sonner 1.7 is pinned because its built-ins match the rest of
 * the spec: 356 px wide, swipe to dismiss past 20 px or faster than 0.11 px/ms, removed after 200 ms.
 */
export const TOASTER_SETTINGS = {
  expand: true,
  richColors: true,
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  offset: 32,
  position: "bottom-right",
  hotkey: ["altKey", "KeyT"],
} as const;

/** "alt+T", as sonner writes the hotkey into the region's label. */
export const HOTKEY_LABEL = TOASTER_SETTINGS.hotkey.join("+").replace(/Key/g, "").replace(/Digit/g, "");
