import type { MetadataRoute } from "next";
import { config } from "@/lib/config";
import { translate } from "@/lib/i18n/messages";

// APP_NAME is a runtime setting: read it per request, not once at build time.
export const dynamic = "force-dynamic";

/** The web app manifest (served at /manifest.webmanifest and linked from every page by Next). */
export default function manifest(): MetadataRoute.Manifest {
  const appName = config().APP_NAME;
  return {
    name: appName,
    short_name: appName.length <= 12 ? appName : appName.slice(0, 12),
    description: translate("en", "meta.description", { appName }),
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    // The same colour as the viewport's themeColor (app/[locale]/layout.tsx) and the logo's start.
    theme_color: "#4f46e5",
    icons: [
      { src: "/icon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
      { src: "/icons/icon-192.png", type: "image/png", sizes: "192x192", purpose: "any" },
      { src: "/icons/icon-512.png", type: "image/png", sizes: "512x512", purpose: "any" },
      { src: "/icons/maskable-512.png", type: "image/png", sizes: "512x512", purpose: "maskable" },
    ],
  };
}
