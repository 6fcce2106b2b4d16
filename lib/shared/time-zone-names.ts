/**
 * Old IANA names that browsers' ICU still reports, and the names the zones carry now. Chromium reports
 * Vietnam's zone as Asia/Saigon; owners know it as Asia/Ho_Chi_Minh, and the database knows both.
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Dacca": "Asia/Dhaka",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Asia/Thimbu": "Asia/Thimphu",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Godthab": "America/Nuuk",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
};

/** A zone under its current name; any other name as it is. */
export function currentZoneName(zone: string): string {
  return RENAMED[zone] ?? zone;
}
