import { expect } from "vitest";
import { baseUrl } from "./http";

/** Anyone signed in with a bearer token (by code or by OpenID Connect). */
type SignedIn = { access: string };

/** One GraphQL call as `owner`; fails the test on a GraphQL error. */
export async function ownerGql<T>(owner: SignedIn, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl()}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl(),
      authorization: `Bearer ${owner.access}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** `owner` buys `plan` on `cycle` in `currency` with the sandbox's 4242 card, and waits until it is active. */
export async function buyWithSandboxCard(
  owner: SignedIn,
  {
    plan = "beginner",
    cycle = "monthly",
    currency = "VND",
  }: { plan?: string; cycle?: string; currency?: string } = {},
): Promise<void> {
  const started = await ownerGql<{ create_payment_token: { token: string } }>(
    owner,
    "mutation C($input: PaymentTokenInput!) { create_payment_token(input: $input) { token } }",
    { input: { plan, cycle, currency } },
  );
  const paid = await fetch(`${baseUrl()}/api/v1/billing/sandbox/pay`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl(),
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
        (await ownerGql<{ subscription: { status: string } | null }>(owner, "{ subscription { status } }"))
          .subscription?.status,
      { timeout: 20_000 },
    )
    .toBe("active");
}
