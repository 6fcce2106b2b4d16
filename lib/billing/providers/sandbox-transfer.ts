import { createHash } from "node:crypto";
import { type Currency, toMajorString } from "../money";
import { vietQrPayload } from "../vietqr";

/**
 * The sandbox's bank transfer, shown as payOS shows a real one: a test account (no bank holds it), the exact
 * amount, a reference derived from the payment (the same on every visit, unique per checkout) and the VietQR
 * payload its QR is drawn from. Nothing is paid to it: its funds arrive when the owner asks the sandbox to
 * settle, and the payment then turns paid through the sandbox's signed event like any other outcome.
 */
export const SANDBOX_ACCOUNT = {
  bankBin: "970422",
  accountNumber: "0000123456789",
  accountName: "AGENTCITY SANDBOX",
} as const;

export type SandboxTransfer = typeof SANDBOX_ACCOUNT & {
  amount: number;
  currency: Currency;
  description: string;
  qrCode: string;
};

export function sandboxTransfer(paymentRef: string, amount: number, currency: Currency): SandboxTransfer {
  // "AC" and 10 characters, like payOS's descriptions: short enough for every bank's statement.
  const description = `AC${createHash("sha256").update(paymentRef).digest("hex").slice(0, 10).toUpperCase()}`;
  return {
    ...SANDBOX_ACCOUNT,
    amount,
    currency,
    description,
    qrCode: vietQrPayload({
      bankBin: SANDBOX_ACCOUNT.bankBin,
      accountNumber: SANDBOX_ACCOUNT.accountNumber,
      amount: toMajorString(amount, currency),
      currency,
      description,
    }),
  };
}
