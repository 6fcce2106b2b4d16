import { currentZoneName } from "@/lib/shared/time-zone-names";
import { browserTimeZone } from "./browser-time-zone";

/**
 * The zone an owner's profile is given from their browser, under its current name. Apart from
 * browser-time-zone.ts, which the public chat reads (times are shown the same under either name), so the
 * chat page's script does not carry the list of renamed zones.
 */
export function accountTimeZone(): string {
  return currentZoneName(browserTimeZone());
}
