import { getTranslations } from "next-intl/server";
import type { FieldRow } from "@/lib/openapi/fields";

/** Parameters or body fields of one operation: name, where (parameters only), type, required, description. */
export async function FieldTable({ rows, where }: { rows: (FieldRow & { in?: string })[]; where?: boolean }) {
  const t = await getTranslations("apiDocs");
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-4 font-medium">{t("column.name")}</th>
            {where && <th className="py-1 pr-4 font-medium">{t("column.in")}</th>}
            <th className="py-1 pr-4 font-medium">{t("column.type")}</th>
            <th className="py-1 pr-4 font-medium">{t("column.required")}</th>
            <th className="py-1 font-medium">{t("column.description")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}:${row.name}`} className="border-t align-top">
              <td className="py-1.5 pr-4">
                <code className="font-mono">{row.name}</code>
              </td>
              {where && <td className="py-1.5 pr-4">{row.in}</td>}
              <td className="py-1.5 pr-4">
                <code className="font-mono text-xs break-all">{row.type}</code>
              </td>
              <td className="py-1.5 pr-4">{row.required ? t("required") : t("optional")}</td>
              <td className="py-1.5 text-muted-foreground">{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
