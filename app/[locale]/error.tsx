"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { ErrorView } from "@/components/shell/error-view";
import { Button } from "@/components/ui/button";
import { Link } from "@/lib/i18n/navigation";

/** Any error thrown while rendering a page lands here (the generic variant of SHELL-5). */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations("errorPage");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorView
      status={500}
      statusLabel={t("status", { status: 500 })}
      title={t("internalTitle")}
      message={t("internalMessage")}
      actions={
        <>
          <Button onClick={reset}>{t("retry")}</Button>
          <Button asChild variant="outline">
            <Link href="/">{t("backHome")}</Link>
          </Button>
        </>
      }
    />
  );
}
