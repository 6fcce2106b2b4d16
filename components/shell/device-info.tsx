"use client";

import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { type DeviceInfo, withViewport } from "@/lib/device/viewport";

const DeviceInfoContext = createContext<DeviceInfo | null>(null);

const RESIZE_DEBOUNCE_MS = 50; // spec §3: refreshed 50 ms after a window resize

/**
 * Starts from what the server derived from the User-Agent, so the first paint and hydration agree,
 * then refines from the real viewport and follows resizes.
 */
export function DeviceInfoProvider({ initial, children }: { initial: DeviceInfo; children: ReactNode }) {
  const [info, setInfo] = useState(initial);
  useEffect(() => {
    const refresh = () => setInfo(withViewport(initial, window.innerWidth));
    refresh();
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(refresh, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, [initial]);
  return <DeviceInfoContext.Provider value={info}>{children}</DeviceInfoContext.Provider>;
}

export function useDeviceInfo(): DeviceInfo {
  const info = useContext(DeviceInfoContext);
  if (!info) throw new Error("useDeviceInfo must be used inside DeviceInfoProvider");
  return info;
}
