import { isoInZone } from "@/lib/shared/zoned-iso";
/**
 * An instant as local ISO 8601 with the zone's offset ("2026-11-23T07:05:00+07:00"), UTC as "Z": the history
 * download's form (lib/shared/zoned-iso.ts).
 */
export function zonedIso(at: Date, tz: string): string {
  return tz === "UTC" ? `${at.toISOString().slice(0, 19)}Z` : isoInZone(at, tz);
}
