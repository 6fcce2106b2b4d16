import "server-only";
import * as oidc from "openid-client";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { accountForIdentity, cleanReferral } from "../accounts";
import { isProviderEnabled, isProviderId, type ProviderId } from "../providers";
import { createSession, type TokenPair, type User } from "../sessions";
import { randomToken } from "../tokens";
import { authorizationParams, BROWSER_SECRET_PATTERN, redirectUriFor } from "./authorize";
import { clientConfiguration } from "./client";
import { upstreamFailure } from "./errors";
import { type AuthorizationResponse, exchangeCode } from "./exchange";
import { claimFlow, saveFlow } from "./flows";
import { providerSettings } from "./settings";

/** An enabled provider, or the API's 404: a disabled one is indistinguishable from an unknown one. */
export function enabledProvider(id: string): ProviderId {
  if (!isProviderId(id) || !isProviderEnabled(id)) throw new ApiError("not_found", "oauth_provider_unknown");
  return id;
}

/**
 * Starts a sign-in: stores the flow and returns the provider's authorization URL plus the value the
 * browser must keep in its oauth_flow cookie. A browser that already holds one keeps it, so two tabs
 * signing in at once do not cancel each other.
 */
export async function startSignIn(
  db: Db,
  input: { provider: ProviderId; locale: Locale; referralCode?: string | null; browserSecret?: string },
): Promise<{ url: string; browserSecret: string }> {
  const settings = providerSettings(input.provider);
  let configuration: oidc.Configuration;
  try {
    configuration = await clientConfiguration(input.provider);
  } catch (err) {
    throw upstreamFailure(input.provider, err);
  }
  const browserSecret =
    input.browserSecret && BROWSER_SECRET_PATTERN.test(input.browserSecret)
      ? input.browserSecret
      : randomToken("ofl");
  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const redirectUri = redirectUriFor(config().APP_URL, input.locale, input.provider);
  await saveFlow(db, {
    provider: input.provider,
    state,
    browserSecret,
    codeVerifier,
    nonce,
    redirectUri,
    referralCode: cleanReferral(input.referralCode),
    locale: input.locale,
  });
  const url = oidc.buildAuthorizationUrl(
    configuration,
    authorizationParams({
      redirectUri,
      scope: settings.scope,
      state,
      codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      nonce: settings.kind === "oidc" ? nonce : undefined,
    }),
  );
  return { url: url.href, browserSecret };
}

/**
 * Finishes a sign-in. The flow is claimed (and so spent) before the code goes to the provider; after
 * that, any failure ends the attempt with nothing created.
 */
export async function finishSignIn(
  db: Db,
  input: {
    provider: ProviderId;
    response: AuthorizationResponse;
    browserSecret: string | undefined;
    userAgent: string | null;
    ip: string;
  },
): Promise<{ tokens: TokenPair; user: User; created: boolean }> {
  const claim = await claimFlow(db, {
    provider: input.provider,
    state: input.response.state,
    browserSecret: input.browserSecret,
  });
  if (!claim.ok)
    throw new ApiError("bad_request", claim.reason === "expired" ? "oauth_expired" : "oauth_failed");
  let identity: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    identity = await exchangeCode(input.provider, claim.flow, input.response);
  } catch (err) {
    throw upstreamFailure(input.provider, err);
  }
  const { user, created } = await accountForIdentity(db, identity, claim.flow.referralCode);
  const tokens = await createSession(db, user.id, {
    method: input.provider,
    userAgent: input.userAgent,
    ip: input.ip,
  });
  return { tokens, user, created };
}
