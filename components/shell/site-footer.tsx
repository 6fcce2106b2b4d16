import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";

const FOOTER_LINK = "inline-flex min-h-11 min-w-11 items-center hover:text-foreground sm:min-h-0";

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
        {/* 44 px tall targets on a phone; the keyboard test is a developer page, reached by its address. */}
        <nav className="flex flex-wrap gap-x-5">
          <Link className={FOOTER_LINK} href="/pricing">
            {nav("pricing")}
          </Link>
          <Link className={FOOTER_LINK} href="/docs/api">
            {apiDocs("footerLink")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
