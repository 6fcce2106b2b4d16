import "server-only";
import type { Locale } from "@/lib/i18n/routing";
import type { ProviderId } from "../providers";

/** Where a provider sends the browser back: the callback page in the language the user started in. */
export function redirectUriFor(appUrl: string, locale: Locale, provider: ProviderId): string {
  return `${appUrl.replace(/\/+$/, "")}/${locale}/auth/${provider}/callback`;
}

/**
 * The query of the authorization request. PKCE is always S256 (a plain challenge would equal the verifier);
 * the nonce only goes to OpenID Connect providers, which echo it inside the signed id_token.
 */
export function authorizationParams(input: {
  redirectUri: string;
  scope: string;
  state: string;
  codeChallenge: string;
  nonce?: string;
}): Record<string, string> {
  return {
    response_type: "code",
    redirect_uri: input.redirectUri,
    scope: input.scope,
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: "S256",
    ...(input.nonce ? { nonce: input.nonce } : {}),
  };
}

/** Whether a caller asked for JSON over a page (a script starting the flow, not a followed link). */
export function prefersJson(accept: string | null): boolean {
  if (!accept) return false;
  let json = 0;
  let html = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) || 0 : 1;
    if (type.trim() === "application/json") json = Math.max(json, weight);
    if (type.trim() === "text/html") html = Math.max(html, weight);
  }
  return json > 0 && json >= html;
}

/** The browser-binding secret kept in the oauth_flow cookie; anything else in that cookie is ignored. */
export const BROWSER_SECRET_PATTERN = /^ofl_[A-Za-z0-9_-]{43}$/;
