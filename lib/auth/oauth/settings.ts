import "server-only";
import { config } from "@/lib/config";
import type { ProviderId } from "../providers";

/**
 * How each provider is reached. OpenID Connect providers (Google, the generic one) describe themselves
 * through discovery and sign their answers; GitHub and Facebook are plain OAuth 2.0, so their endpoints
 * are written down here and the profile comes from their own APIs.
 */
export type ProviderSettings =
  | { kind: "oidc"; issuer: string; clientId: string; clientSecret: string; scope: string }
  | {
      kind: "oauth2";
      issuer: string;
      authorizationEndpoint: string;
      tokenEndpoint: string;
      clientId: string;
      clientSecret: string;
      scope: string;
    };

export const GOOGLE_ISSUER = "https://accounts.google.com";
export const FACEBOOK_GRAPH = "https://graph.facebook.com/v21.0";
export const GITHUB_API = "https://api.github.com";

/** The settings of an enabled provider; callers check isProviderEnabled first. */
export function providerSettings(id: ProviderId): ProviderSettings {
  const c = config();
  switch (id) {
    case "google":
      return {
        kind: "oidc",
        issuer: GOOGLE_ISSUER,
        clientId: c.AUTH_GOOGLE_ID ?? "",
        clientSecret: c.AUTH_GOOGLE_SECRET ?? "",
        scope: "openid email profile",
      };
    case "oidc":
      return {
        kind: "oidc",
        issuer: c.AUTH_OIDC_ISSUER ?? "",
        clientId: c.AUTH_OIDC_ID ?? "",
        clientSecret: c.AUTH_OIDC_SECRET ?? "",
        scope: "openid email profile",
      };
    case "github":
      return {
        kind: "oauth2",
        issuer: "https://github.com",
        authorizationEndpoint: "https://github.com/login/oauth/authorize",
        tokenEndpoint: "https://github.com/login/oauth/access_token",
        clientId: c.AUTH_GITHUB_ID ?? "",
        clientSecret: c.AUTH_GITHUB_SECRET ?? "",
        scope: "read:user user:email",
      };
    case "facebook":
      return {
        kind: "oauth2",
        issuer: "https://www.facebook.com",
        authorizationEndpoint: "https://www.facebook.com/v21.0/dialog/oauth",
        tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
        clientId: c.AUTH_FACEBOOK_ID ?? "",
        clientSecret: c.AUTH_FACEBOOK_SECRET ?? "",
        scope: "email public_profile",
      };
  }
}
