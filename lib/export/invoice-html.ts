import "server-only";
import type { PrintableInvoice } from "@/lib/billing-views/billing";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "@/lib/mail/escape";

/**
 * An invoice as a self-contained printable page (no script, no outside resource), in the requester's
 * language: the same fields as the app's invoice page.
 */
export function invoiceHtml(inv: PrintableInvoice, locale: Locale, tz: string): string {
  const t = (key: string, values?: Record<string, string>) =>
    escapeHtml(translate(locale, `billing.invoices.${key}`, values));
  const day = (d: Date) =>
    escapeHtml(new Intl.DateTimeFormat(locale, { timeZone: tz, dateStyle: "long" }).format(d));
  const e = escapeHtml;
  const status = t(`statuses.${inv.status}`);
  const rows = inv.lines
    .map((l) => `<tr><td>${e(l.description)}</td><td class="n">${e(l.amount)}</td></tr>`)
    .join("\n");
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${t("title", { number: inv.number })}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:720px;margin:32px auto;padding:0 16px;color:#111}
table{width:100%;border-collapse:collapse}td,th{padding:6px 0;border-bottom:1px solid #ddd;text-align:left}
.n{text-align:right}dt{font-weight:600}dd{margin:0 0 8px}</style></head>
<body><h1>${t("title", { number: inv.number })}</h1>
<dl><dt>${t("status")}</dt><dd>${status}</dd>
<dt>${t("plan")}</dt><dd>${e(inv.plan)} (${t(`types.${inv.cycle}`)})</dd>
<dt>${t("period")}</dt><dd>${day(inv.periodStart)} – ${day(inv.periodEnd)}</dd>
<dt>${t("dueDate")}</dt><dd>${day(inv.dueDate)}</dd>
${inv.paymentMethod ? `<dt>${t("method")}</dt><dd>${e(inv.paymentMethod)}</dd>` : ""}</dl>
<table><thead><tr><th>${t("description")}</th><th class="n">${t("total")}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th>${t("total")}</th><th class="n">${e(inv.total)}</th></tr></tfoot></table>
</body></html>
`;
}
