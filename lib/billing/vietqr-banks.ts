/**
 * Names of the banks a VietQR payment may land in, by their NAPAS BIN (the `bin` payOS answers with): the
 * checkout page shows the bank by name, as a banking app does. An unknown BIN is shown as it is.
 */
const banks: Readonly<Record<string, string>> = {
  "970403": "Sacombank",
  "970405": "Agribank",
  "970407": "Techcombank",
  "970415": "VietinBank",
  "970416": "ACB",
  "970418": "BIDV",
  "970422": "MB Bank",
  "970423": "TPBank",
  "970426": "MSB",
  "970432": "VPBank",
  "970436": "Vietcombank",
  "970437": "HDBank",
  "970441": "VIB",
  "970443": "SHB",
  "970448": "OCB",
  "971025": "MoMo",
};

export function bankName(bin: string): string {
  return banks[bin] ?? `BIN ${bin}`;
}
