import { FileQuestionIcon } from "@/components/icons/lite/file-question";
import { buttonClass } from "@/components/ui/button-classes";
import { ErrorView } from "./error-view";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The 404 (SHELL-5) in the reader's language, with the path that was not found and a plain link home: a
 * client Link here would put its code into every page's script, since a layout's not-found boundary ships
 * with each page. `t` reads the errorPage messages.
 */
export function NotFoundView({ locale, path, t }: { locale: string; path: string | null; t: Translate }) {
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
