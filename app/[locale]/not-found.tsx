import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { ErrorView } from "@/components/shell/error-view";
import { Button } from "@/components/ui/button";
import { Link } from "@/lib/i18n/navigation";

export default async function NotFound() {
  const t = await getTranslations("errorPage");
  const path = (await headers()).get("x-agentcity-path");
  return (
    <ErrorView
      status={404}
      statusLabel={t("status", { status: 404 })}
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      path={path ? { label: t("path"), value: path } : undefined}
      actions={
        <Button asChild>
          <Link href="/">{t("backHome")}</Link>
        </Button>
      }
    />
  );
}
