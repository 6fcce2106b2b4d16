import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";

export async function SiteFooter({ appName }: { appName: string }) {
  const t = await getTranslations("footer");
  const nav = await getTranslations("nav");
  const apiDocs = await getTranslations("apiDocs");
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="space-y-1">
          <p>{t("rights", { year: new Date().getFullYear(), appName })}</p>
          <p className="text-xs">{t("madeFor")}</p>
        </div>
        <nav className="flex flex-wrap gap-x-5 gap-y-2">
          <Link className="hover:text-foreground" href="/pricing">
            {nav("pricing")}
          </Link>
          <Link className="hover:text-foreground" href="/test-ban-phim">
            {t("keyboardTest")}
          </Link>
          <Link className="hover:text-foreground" href="/docs/api">
            {apiDocs("footerLink")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
