import { pageLocale } from "@/lib/i18n/page";
import { redirect } from "@/lib/i18n/redirect";

/** Settings opens on its first tab. */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  redirect({ href: "/settings/members", locale });
}
