/**
 * A VietQR (NAPAS 247, EMVCo merchant-presented) payload: what payOS's link creation answers with, built here
 * for the sandbox's test account so its transfer panel shows a QR a banking app reads like a real one.
 */

/** One EMVCo field: id, two-digit length, value. */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo's field 63 asks. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** ISO 4217 numeric codes of the currencies a checkout is in. */
const currencyCodes = { VND: "704", USD: "840" } as const;

export function vietQrPayload(p: {
  bankBin: string;
  accountNumber: string;
  /** in the currency's major unit, as typed in a banking app ("199000", "8.00") */
  amount: string;
  currency: keyof typeof currencyCodes;
  description: string;
}): string {
  const beneficiary = field("00", p.bankBin) + field("01", p.accountNumber);
  const account = field("00", "A000000727") + field("01", beneficiary) + field("02", "QRIBFTTA");
  const body =
    field("00", "01") +
    field("01", "12") +
    field("38", account) +
    field("53", currencyCodes[p.currency]) +
    field("54", p.amount) +
    field("58", "VN") +
    field("62", field("08", p.description));
  return `${body}6304${crc16(`${body}6304`)}`;
}
