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
