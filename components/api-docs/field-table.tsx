import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { FieldRow } from "@/lib/openapi/fields";

/**
 * Parameters or body fields of one operation: name, where (parameters only), type, required, description.
 *
 * A table from `sm` up; on a phone the same rows are stacked blocks (name, where, type and the required
 * badge on one wrapping line, the description on its own line below), because five columns in 390 px left
 * the type 3 characters wide and cut the descriptions off behind a sideways scroll. One markup for both,
 * so the page carries each field once.
 */
export async function FieldTable({ rows, where }: { rows: (FieldRow & { in?: string })[]; where?: boolean }) {
  const t = await getTranslations("apiDocs");
  const cell = "py-1.5 pr-4 max-sm:p-0";
  return (
    <table className="w-full text-left text-sm max-sm:block" data-testid="api-fields">
      <thead className="text-xs text-muted-foreground max-sm:sr-only">
        <tr>
          <th className="py-1 pr-4 font-medium">{t("column.name")}</th>
          {where && <th className="py-1 pr-4 font-medium">{t("column.in")}</th>}
          <th className="py-1 pr-4 font-medium">{t("column.type")}</th>
          <th className="py-1 pr-4 font-medium">{t("column.required")}</th>
          <th className="py-1 font-medium">{t("column.description")}</th>
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {rows.map((row) => (
          <tr
            key={`${row.in ?? ""}:${row.name}`}
            data-testid="api-field"
            className="border-t align-top max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-2 max-sm:gap-y-1 max-sm:py-2"
          >
            <td className={cell}>
              <code className="font-mono font-medium [overflow-wrap:anywhere]">{row.name}</code>
            </td>
            {where && <td className={`${cell} max-sm:text-xs max-sm:text-muted-foreground`}>{row.in}</td>}
            <td className={`${cell} max-sm:min-w-0`}>
              <code data-testid="api-field-type" className="font-mono text-xs [overflow-wrap:anywhere]">
                {row.type}
              </code>
            </td>
            <td className={cell}>
              <Badge variant={row.required ? "default" : "outline"}>
                {row.required ? t("required") : t("optional")}
              </Badge>
            </td>
            <td className="py-1.5 text-muted-foreground max-sm:basis-full max-sm:p-0">{row.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
