import { describe, expect, it } from "vitest";
import { sandboxTransfer } from "@/lib/billing/providers/sandbox-transfer";
import { crc16, vietQrPayload } from "@/lib/billing/vietqr";

/** Reads EMVCo's id-length-value fields back into a map (nested ones stay strings). */
function fields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < text.length; ) {
    const id = text.slice(i, i + 2);
    const length = Number(text.slice(i + 2, i + 4));
    out[id] = text.slice(i + 4, i + 4 + length);
    i += 4 + length;
  }
  return out;
}

/**
 * The sandbox's bank transfer panel (issue 43 item 9) draws its QR from this VietQR payload: it must be one a
 * banking app reads (NAPAS's fields, EMVCo's CRC), for the exact amount and the reference shown beside it.
 */
describe("VietQR payload", () => {
  it("CRC-16/CCITT-FALSE gives the standard check value", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("names the account, the exact amount, the currency and the reference, and ends with its CRC", () => {
    const payload = vietQrPayload({
      bankBin: "970422",
      accountNumber: "0000123456789",
      amount: "199000",
      currency: "VND",
      description: "AC1A2B3C4D5E",
    });
    const f = fields(payload);
    expect(f["00"]).toBe("01");
    expect(f["01"]).toBe("12");
    const account = fields(f["38"]!);
    expect(account["00"]).toBe("A000000727");
    expect(fields(account["01"]!)).toEqual({ "00": "970422", "01": "0000123456789" });
    expect(account["02"]).toBe("QRIBFTTA");
    expect(f["53"]).toBe("704");
    expect(f["54"]).toBe("199000");
    expect(f["58"]).toBe("VN");
    expect(fields(f["62"]!)["08"]).toBe("AC1A2B3C4D5E");
    expect(f["63"]).toBe(crc16(payload.slice(0, -4)));
  });

  it("the sandbox's transfer: the same reference for the same payment, another for another; cents in USD", () => {
    const a = sandboxTransfer("sbx_pay_a", 800, "USD");
    expect(a.description).toMatch(/^AC[0-9A-F]{10}$/);
    expect(sandboxTransfer("sbx_pay_a", 800, "USD").description).toBe(a.description);
    expect(sandboxTransfer("sbx_pay_b", 800, "USD").description).not.toBe(a.description);
    expect(fields(a.qrCode)["54"]).toBe("8.00");
    expect(fields(a.qrCode)["53"]).toBe("840");
  });
});
