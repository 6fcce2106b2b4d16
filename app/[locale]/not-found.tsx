import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { NotFoundView } from "@/components/shell/not-found-view";

/** The 404 page of a path under a locale. */
export default async function NotFound() {
  const t = await getTranslations("errorPage");
  const locale = await getLocale();
  const path = (await headers()).get("x-agentcity-path");
  return <NotFoundView locale={locale} path={path} t={(key, values) => t(key, values)} />;
}
