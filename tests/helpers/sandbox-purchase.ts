import { expect } from "vitest";
import { baseUrl } from "./http";

/** Anyone signed in with a bearer token (by code or by OpenID Connect). */
type SignedIn = { access: string };

/** One GraphQL call as `owner`; fails the test on a GraphQL error. */
export async function ownerGql<T>(
  owner: SignedIn,
  query: string,
  variables: Record<string, unknown> = {},
  base = baseUrl(),
) {
  const res = await fetch(`${base}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base,
      authorization: `Bearer ${owner.access}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/**
 * `owner` buys `plan` on `cycle` in `currency` with the sandbox's 4242 card, and waits until it is active;
 * on the run's server, or on `base` (a file's own).
 */
export async function buyWithSandboxCard(
  owner: SignedIn,
  {
    plan = "beginner",
    cycle = "monthly",
    currency = "VND",
  }: { plan?: string; cycle?: string; currency?: string } = {},
  base = baseUrl(),
): Promise<void> {
  const started = await ownerGql<{ create_payment_token: { token: string } }>(
    owner,
    "mutation C($input: PaymentTokenInput!) { create_payment_token(input: $input) { token } }",
    { input: { plan, cycle, currency } },
    base,
  );
  const paid = await fetch(`${base}/api/v1/billing/sandbox/pay`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base,
      authorization: `Bearer ${owner.access}`,
    },
    body: JSON.stringify({
      token: started.create_payment_token.token,
      card_number: "4242 4242 4242 4242",
      exp_month: 12,
      exp_year: 2030,
      cvc: "123",
    }),
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await ownerGql<{ subscription: { status: string } | null }>(
            owner,
            "{ subscription { status } }",
            {},
            base,
          )
        ).subscription?.status,
      { timeout: 20_000 },
    )
    .toBe("active");
}
