import "server-only";
import * as oidc from "openid-client";
import type { ProviderId } from "../providers";
import { UPSTREAM_TIMEOUT_SECONDS } from "./policy";
import { type ProviderSettings, providerSettings } from "./settings";

/**
 * The openid-client configuration of a provider. Discovery is one network round trip per issuer, so its
 * result is kept for the life of the process; a failed discovery is forgotten so the next sign-in retries.
 */
const cache = new Map<string, Promise<oidc.Configuration>>();

export function clientConfiguration(id: ProviderId): Promise<oidc.Configuration> {
  const settings = providerSettings(id);
  const key = `${id}\n${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`;
  let found = cache.get(key);
  if (!found) {
    found = build(settings);
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}

async function build(settings: ProviderSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = plainHttpAllowed(issuer);
  if (settings.kind === "oidc") {
    return oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: UPSTREAM_TIMEOUT_SECONDS,
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
  }
  const configuration = new oidc.Configuration(
    {
      issuer: settings.issuer,
      authorization_endpoint: settings.authorizationEndpoint,
      token_endpoint: settings.tokenEndpoint,
    },
    settings.clientId,
    settings.clientSecret,
  );
  configuration.timeout = UPSTREAM_TIMEOUT_SECONDS;
  return configuration;
}

/**
 * Plain http only for an issuer on this machine (the test provider). Anywhere else a network attacker
 * could read the code and the client secret in transit.
 */
export function plainHttpAllowed(issuer: URL): boolean {
  if (issuer.protocol !== "http:") return false;
  const host = issuer.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
