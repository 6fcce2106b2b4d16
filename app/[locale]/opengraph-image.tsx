import { isLocale } from "@/lib/i18n/routing";
import { renderSocialImage, socialImageSize } from "@/lib/seo/social-image";

export const size = socialImageSize;
export const contentType = "image/png";
export const alt = "AgentCity";

export default async function OpenGraphImage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return renderSocialImage(isLocale(locale) ? locale : "en");
}
