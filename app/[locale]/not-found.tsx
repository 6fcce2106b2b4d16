import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { FileQuestionIcon } from "@/components/icons/lite/file-question";
import { ErrorView } from "@/components/shell/error-view";
import { buttonClass } from "@/components/ui/button-classes";

/**
 * The 404 page. A plain link home: a client Link here (next-intl's or Next's) would put its code into every
 * page's script, since a layout's not-found boundary ships with each page.
 */
export default async function NotFound() {
  const t = await getTranslations("errorPage");
  const locale = await getLocale();
  const path = (await headers()).get("x-agentcity-path");
  return (
    <ErrorView
      status={404}
      icon={<FileQuestionIcon className="size-6" aria-hidden />}
      statusLabel={t("status", { status: 404 })}
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      path={path ? { label: t("path"), value: path } : undefined}
      actions={
        <a href={`/${locale}`} className={buttonClass()}>
          {t("backHome")}
        </a>
      }
    />
  );
}
