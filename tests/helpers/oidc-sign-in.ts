import { randomBytes } from "node:crypto";
import { inject } from "vitest";

export type Claims = Record<string, unknown>;
export type SignedIn = { access: string; renewal: string; claims: Claims };

/** A fresh person at the test provider: unique subject and verified e-mail. */
export function newPerson(name = "Person", extra: Claims = {}): Claims {
  const id = randomBytes(5).toString("hex");
  return {
    sub: `e2e-${id}`,
    email: `e2e-${id}@id.test`,
    email_verified: true,
    given_name: name,
    family_name: "Tester",
    name: `${name} Tester`,
    // No picture: the peer's default one is on a host this closed network never answers, and a page
    // waiting for it never reaches "network idle".
    picture: "",
    ...extra,
  };
}

/** Chooses who signs in at the provider's next /authorize. */
export async function nextPersonAtProvider(claims: Claims): Promise<void> {
  const res = await fetch(`${inject("oidcIssuer").replace(/\/+$/, "")}/__control/next-user`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(claims),
  });
  if (res.status !== 204) throw new Error(`OIDC peer control answered ${res.status}`);
}

/**
 * A whole sign-in through the real OpenID Connect peer, as an API client: start, authorize at the peer,
 * hand the code back. Used to give browser tests a signed-in context without replaying the journey.
 */
export async function signInWithOidc(
  claims: Claims = newPerson(),
  base = inject("baseUrl"),
): Promise<SignedIn> {
  // A client address of its own per sign-in (198.18.0.0/15, the benchmarking range): the per-address
  // sign-in limits stay untouched for the tests that measure them. Believed only from TRUSTED_PROXIES.
  const from = { "x-forwarded-for": `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}` };
  const started = await fetch(`${base}/api/v1/auth/oidc/new`, {
    headers: { accept: "application/json", ...from },
  });
  if (started.status !== 200) throw new Error(`start answered ${started.status}`);
  const flowCookie = started.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => /^(__Host-)?oauth_flow=/.test(c));
  const { data } = (await started.json()) as { data: { url: string } };
  await nextPersonAtProvider(claims);
  const authorized = await fetch(data.url, { redirect: "manual" });
  const back = new URL(authorized.headers.get("location") ?? "");
  const res = await fetch(`${base}/api/v1/auth/oidc/callback`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: flowCookie ?? "", ...from },
    body: JSON.stringify({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }),
  });
  const body = (await res.json()) as { data?: { access_token: string; renewal_token: string } };
  if (res.status !== 200 || !body.data)
    throw new Error(`callback answered ${res.status}: ${JSON.stringify(body)}`);
  return { access: body.data.access_token, renewal: body.data.renewal_token, claims };
}

/** The session as the browser would hold it. */
export function sessionCookies(
  s: Pick<SignedIn, "access" | "renewal">,
  which = { access: true, renewal: true },
) {
  const url = inject("baseUrl");
  return [
    ...(which.access ? [{ name: "access_token", value: s.access, url }] : []),
    ...(which.renewal ? [{ name: "renewal_token", value: s.renewal, url }] : []),
  ];
}

/** A server's settings for the run's OpenID Connect peer (sign-in for servers a test file starts itself). */
export const oidcEnv = (): Record<string, string> => ({
  AUTH_OIDC_ISSUER: inject("oidcIssuer"),
  AUTH_OIDC_ID: "agentcity-test",
  AUTH_OIDC_SECRET: "test-secret",
  AUTH_OIDC_NAME: "Test ID",
});
