import "server-only";
import { config } from "@/lib/config";

/** The external sign-in providers the product knows (AUTH-1); each is enabled by configuration. */
export const providerIds = ["google", "github", "facebook", "oidc"] as const;
export type ProviderId = (typeof providerIds)[number];

export const providerLabels: Record<ProviderId, string> = {
  google: "Google",
  github: "GitHub",
  facebook: "Facebook",
  oidc: "OpenID Connect",
};

export function isProviderId(value: string): value is ProviderId {
  return (providerIds as readonly string[]).includes(value);
}

export function providerLabel(id: ProviderId): string {
  return id === "oidc" ? (config().AUTH_OIDC_NAME ?? providerLabels.oidc) : providerLabels[id];
}

/** A provider is on when its client id and secret are set (and, for OIDC, its issuer). */
export function isProviderEnabled(id: ProviderId): boolean {
  const c = config();
  switch (id) {
    case "google":
      return Boolean(c.AUTH_GOOGLE_ID && c.AUTH_GOOGLE_SECRET);
    case "github":
      return Boolean(c.AUTH_GITHUB_ID && c.AUTH_GITHUB_SECRET);
    case "facebook":
      return Boolean(c.AUTH_FACEBOOK_ID && c.AUTH_FACEBOOK_SECRET);
    case "oidc":
      return Boolean(c.AUTH_OIDC_ISSUER && c.AUTH_OIDC_ID && c.AUTH_OIDC_SECRET);
  }
}

/** What the sign-in page lists, in a stable order. */
export function enabledProviders(): { id: ProviderId; label: string }[] {
  return providerIds.filter(isProviderEnabled).map((id) => ({ id, label: providerLabel(id) }));
}
