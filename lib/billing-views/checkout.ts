import "server-only";
import { and, eq } from "drizzle-orm";
import { renderSVG } from "uqr";
import { hashToken, paymentOf } from "@/lib/billing/checkout";
import { type Currency, formatMoney, toMajorString } from "@/lib/billing/money";
import { isPlanId } from "@/lib/billing/plan-limits";
import { planById } from "@/lib/billing/plans";
import type { Providers } from "@/lib/billing/providers";
import { SANDBOX_PROVIDER } from "@/lib/billing/providers/sandbox";
import { sandboxTransfer } from "@/lib/billing/providers/sandbox-transfer";
import { syncPayment } from "@/lib/billing/sync";
import { transferDetails } from "@/lib/billing/transfers";
import { bankName } from "@/lib/billing/vietqr-banks";
import type { Db } from "@/lib/db/client";
import { invoices, paymentTokens } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/routing";
import { logger } from "@/lib/logger";

export type TransferView = {
  /** the VietQR code as an SVG drawn on the server (no script, no remote image) */
  qrSvg: string;
  bank: string;
  accountNumber: string;
  accountName: string;
  amount: string;
  /** the transfer's description, to type exactly when not scanning */
  description: string;
  /** what a partly paid transfer still owes, formatted */
  amountDue: string | null;
  /** the amount as a banking app takes it (digits, a decimal point for cents) */
  copyAmount: string;
  /** the sandbox's test account: nothing can be paid to it, the panel says so */
  testMode: boolean;
};

export type CheckoutView = {
  status: string;
  planName: string;
  cycle: "monthly" | "yearly";
  plan: string;
  amount: string;
  currency: Currency;
  /** the provider is the built-in sandbox: the page takes test cards and says "Test mode" */
  sandbox: boolean;
  /** a bank transfer (payOS): the QR and account to pay */
  transfer: TransferView | null;
  /** the sandbox's own bank transfer to a test account, offered beside its test cards */
  sandboxTransfer: TransferView | null;
  /** a card can be used instead of the transfer (Stripe or the sandbox is there too) */
  cardInstead: boolean;
  /** what a partly paid transfer still owes, minor units */
  amountDue: number | null;
};

/** The QR as a self-contained SVG; the link's text is a VietQR payload, never markup. */
export function qrSvg(payload: string): string {
  return renderSVG(payload, { border: 2, pixelSize: 6, ecc: "M" });
}

export function transferView(
  link: NonNullable<Awaited<ReturnType<typeof transferDetails>>>,
  locale: Locale,
  amountDue: number | null,
): TransferView {
  const money = (amount: number) => formatMoney({ amount, currency: "VND" }, locale);
  return {
    qrSvg: qrSvg(link.qrCode),
    bank: bankName(link.bankBin),
    accountNumber: link.accountNumber,
    accountName: link.accountName,
    amount: money(link.amount),
    description: link.description,
    amountDue: amountDue && amountDue < link.amount ? money(amountDue) : null,
    copyAmount: String(amountDue && amountDue < link.amount ? amountDue : link.amount),
    testMode: false,
  };
}

/** The sandbox's transfer panel for its payment `ref`: the same panel as payOS's, to a test account. */
function sandboxTransferView(ref: string, amount: number, currency: Currency, locale: Locale): TransferView {
  const transfer = sandboxTransfer(ref, amount, currency);
  return {
    qrSvg: qrSvg(transfer.qrCode),
    bank: bankName(transfer.bankBin),
    accountNumber: transfer.accountNumber,
    accountName: transfer.accountName,
    amount: formatMoney({ amount, currency }, locale),
    description: transfer.description,
    amountDue: null,
    copyAmount: toMajorString(amount, currency),
    testMode: true,
  };
}

/** What the checkout page shows for the owner's own token; null for another owner's or an unknown one. */
export async function checkoutView(
  { db, providers }: { db: Db; providers: Providers },
  ownerId: string,
  token: string,
  locale: Locale,
): Promise<CheckoutView | null> {
  const payment = await paymentOf(db, providers, ownerId, token);
  if (!payment) return null;
  const provider = providers.byId(payment.provider);
  let transfer: TransferView | null = null;
  let sandbox: TransferView | null = null;
  const [row] = await db
    .select({ id: paymentTokens.id, providerRef: paymentTokens.providerRef })
    .from(paymentTokens)
    .where(and(eq(paymentTokens.tokenHash, hashToken(token)), eq(paymentTokens.ownerId, ownerId)));
  if (provider?.collects === "transfer") {
    const link = row ? await transferDetails(db, { tokenId: row.id }) : null;
    if (link) transfer = transferView(link, locale, payment.amountDue);
  } else if (provider?.id === SANDBOX_PROVIDER && row?.providerRef && payment.status === "pending") {
    // By id, not instanceof: the provider may have been made by another bundle's copy of the class.
    sandbox = sandboxTransferView(row.providerRef, payment.amount, payment.currency as Currency, locale);
  }
  return {
    status: payment.status,
    plan: payment.plan,
    planName: isPlanId(payment.plan) ? planById(payment.plan).name[locale] : payment.plan,
    cycle: payment.cycle,
    amount: formatMoney({ amount: payment.amount, currency: payment.currency as Currency }, locale),
    currency: payment.currency as Currency,
    sandbox: provider?.testMode ?? false,
    transfer,
    sandboxTransfer: sandbox,
    cardInstead: transfer !== null && providers.methodsFor(payment.currency).includes("card"),
    amountDue: payment.amountDue,
  };
}

export type RenewalTransferView = {
  id: string;
  number: string;
  status: string;
  planName: string;
  amount: string;
  transfer: TransferView | null;
  amountDue: number | null;
};

/**
 * The page a renewal's e-mail links to: the owner's own invoice by number, its transfer link read again from
 * the provider first (a transfer may have arrived before its event), then its QR and account.
 */
export async function renewalTransferView(
  { db, providers }: { db: Db; providers: Providers },
  ownerId: string,
  number: string,
  locale: Locale,
): Promise<RenewalTransferView | null> {
  const find = async () =>
    (
      await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.number, number)))
    )[0];
  let invoice = await find();
  if (!invoice) return null;
  const link = await transferDetails(db, { invoiceId: invoice.id });
  const current = link && link.ref === invoice.providerPaymentRef ? link : null;
  let amountDue: number | null = null;
  const open = invoice.status !== "paid" && invoice.status !== "void";
  const provider = current ? providers.byId(current.provider) : undefined;
  if (current && open && provider) {
    try {
      const { payment } = await syncPayment(db, provider, current.ref);
      if (payment?.amountDue && payment.status !== "succeeded") amountDue = payment.amountDue;
      invoice = (await find()) ?? invoice;
    } catch (err) {
      logger("billing").warn(`renewal transfer ${current.ref} not read: ${(err as Error).message}`);
    }
  }
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    planName: isPlanId(invoice.plan) ? planById(invoice.plan).name[locale] : invoice.plan,
    amount: formatMoney({ amount: invoice.total, currency: invoice.currency as Currency }, locale),
    transfer: current ? transferView(current, locale, amountDue) : null,
    amountDue,
  };
}
