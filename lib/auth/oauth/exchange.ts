import "server-only";
import { createHmac } from "node:crypto";
import * as oidc from "openid-client";
import type { VerifiedIdentity } from "../accounts";
import type { ProviderId } from "../providers";
import { clientConfiguration } from "./client";
import { isUnreachable, UpstreamRejected, UpstreamUnreachable } from "./errors";
import type { OAuthFlow } from "./flows";
import { UPSTREAM_TIMEOUT_SECONDS } from "./policy";
import { facebookIdentity, type GithubEmail, githubIdentity, oidcIdentity } from "./profiles";
import { FACEBOOK_GRAPH, GITHUB_API, providerSettings } from "./settings";

export type AuthorizationResponse = { code: string; state: string; iss?: string };

/**
 * Trades the authorization code for tokens with the flow's PKCE verifier, then learns who signed in.
 * The request goes to the redirect_uri the flow was started with, which the provider compares exactly.
 */
export async function exchangeCode(
  provider: ProviderId,
  flow: OAuthFlow,
  response: AuthorizationResponse,
): Promise<VerifiedIdentity> {
  const settings = providerSettings(provider);
  const configuration = await clientConfiguration(provider);
  const currentUrl = new URL(flow.redirectUri);
  currentUrl.searchParams.set("code", response.code);
  currentUrl.searchParams.set("state", response.state);
  const isOidc = settings.kind === "oidc";
  // RFC 9207 mix-up defence is an OpenID Connect matter here; plain OAuth providers have no issuer to match.
  if (isOidc && response.iss) currentUrl.searchParams.set("iss", response.iss);

  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: response.state,
    ...(isOidc ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
  });

  if (isOidc) {
    const claims = tokens.claims();
    if (!claims) throw new UpstreamRejected("no id_token");
    const userinfo = configuration.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)
      : {};
    return oidcIdentity(provider, claims, userinfo);
  }
  if (provider === "github") {
    const user = await getJson(`${GITHUB_API}/user`, tokens.access_token, githubHeaders);
    // Without the user:email grant this answers 404; the sign-in still works, just without a verified address.
    const emails = await getJson(`${GITHUB_API}/user/emails`, tokens.access_token, githubHeaders).catch(
      (err) => {
        if (err instanceof UpstreamRejected) return [];
        throw err;
      },
    );
    return githubIdentity(
      user as Record<string, unknown>,
      Array.isArray(emails) ? (emails as GithubEmail[]) : [],
    );
  }
  if (provider === "facebook") {
    // appsecret_proof ties the call to our app, so a leaked user token is not enough on its own.
    const proof = createHmac("sha256", settings.clientSecret).update(tokens.access_token).digest("hex");
    const fields = "id,first_name,last_name,name,email,picture.type(large)";
    const me = await getJson(
      `${FACEBOOK_GRAPH}/me?fields=${encodeURIComponent(fields)}&appsecret_proof=${proof}`,
      tokens.access_token,
    );
    return facebookIdentity(me as Record<string, unknown>);
  }
  throw new UpstreamRejected(`no profile mapping for ${provider}`);
}

const githubHeaders = { accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" };

async function getJson(
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        accept: "application/json",
        ...headers,
        authorization: `Bearer ${accessToken}`,
        // GitHub refuses API calls without a User-Agent.
        "user-agent": "AgentCity",
      },
      redirect: "error",
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_SECONDS * 1000),
    });
  } catch (err) {
    throw new UpstreamUnreachable(`GET ${new URL(url).pathname}`, { cause: err });
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new UpstreamRejected(`GET ${new URL(url).pathname} answered ${res.status}`);
  }
  try {
    return await res.json();
  } catch (err) {
    if (isUnreachable(err)) throw err;
    throw new UpstreamRejected(`GET ${new URL(url).pathname} answered with invalid JSON`, { cause: err });
  }
}
