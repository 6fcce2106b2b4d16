import { useTranslations } from "next-intl";
import type { TransferView } from "@/lib/billing-views/checkout";
import { CopyText } from "./copy-text";

/**
 * A bank transfer to make (payOS): the VietQR code a banking app scans, and the same details to type by
 * hand. Rendered on the server: the QR is an SVG drawn from the link's payload, with no script or image
 * request. What a person must type exactly (account, amount, description) has a copy button. The sandbox shows
 * the same panel for its test account, labelled as such.
 */
export function TransferDetails({ transfer }: { transfer: TransferView }) {
  const t = useTranslations("checkout");
  const rows: { label: string; value: string; copy?: string; id: string }[] = [
    { id: "bank", label: t("bank"), value: transfer.bank },
    {
      id: "account-number",
      label: t("accountNumber"),
      value: transfer.accountNumber,
      copy: transfer.accountNumber,
    },
    { id: "account-name", label: t("accountName"), value: transfer.accountName },
    {
      id: "amount",
      label: t("transferAmount"),
      value: transfer.amountDue ?? transfer.amount,
      copy: transfer.copyAmount,
    },
    { id: "description", label: t("description"), value: transfer.description, copy: transfer.description },
  ];
  return (
    <section className="space-y-4 rounded-xl border bg-card p-4" data-testid="transfer-details">
      {transfer.testMode && (
        <p
          data-testid="transfer-test-mode"
          className="rounded-lg border border-dashed border-amber-500/60 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/30 dark:text-amber-200"
        >
          <strong className="font-semibold">{t("testMode")}</strong> · {t("transferTestMode")}
        </p>
      )}
      <p className="text-sm text-muted-foreground">{t("transferIntro")}</p>
      {transfer.amountDue && (
        <p
          role="status"
          className="rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
          data-testid="transfer-underpaid"
        >
          {t("underpaid", { amount: transfer.amountDue })}
        </p>
      )}
      <figure className="mx-auto w-full max-w-64">
        <div
          role="img"
          aria-label={t("qr")}
          data-testid="transfer-qr"
          className="aspect-square w-full rounded-lg bg-white p-2 [&>svg]:size-full"
          // The SVG is drawn by uqr from the link's VietQR payload on our server: rectangles only, no markup
          // from anyone else.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own generated SVG
          dangerouslySetInnerHTML={{ __html: transfer.qrSvg }}
        />
      </figure>
      <dl className="divide-y text-sm">
        {rows.map((row) => (
          <div key={row.id} className="flex items-center justify-between gap-3 py-2">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd
              className="flex min-w-0 items-center gap-1 text-right font-medium"
              data-testid={`transfer-${row.id}`}
            >
              <span className="break-all">{row.value}</span>
              {row.copy && <CopyText text={row.copy} label={t("copy")} done={t("copied")} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
