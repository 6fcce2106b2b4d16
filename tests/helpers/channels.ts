import { expect } from "vitest";

/**
 * Channels (issue 47) start at the Beginner plan: an owner buys it with the sandbox provider's test card,
 * then waits until the payment's job has made it active (a connection is refused as free until then).
 */
export async function buyBeginner(base: string, access: string): Promise<void> {
  const auth = { "content-type": "application/json", origin: base, authorization: `Bearer ${access}` };
  const made = (await (
    await fetch(`${base}/api/graphql`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        query: `mutation Create($input: PaymentTokenInput!) { create_payment_token(input: $input) { token } }`,
        variables: { input: { plan: "beginner", cycle: "monthly", currency: "VND" } },
      }),
    })
  ).json()) as { data?: { create_payment_token?: { token: string } }; errors?: unknown[] };
  expect(made.errors).toBeUndefined();
  const paid = await fetch(`${base}/api/v1/billing/sandbox/pay`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      token: made.data!.create_payment_token!.token,
      card_number: "4242 4242 4242 4242",
      exp_month: 12,
      exp_year: 2030,
      cvc: "123",
    }),
  });
  expect(paid.status).toBe(200);
  // A malformed bot token is a 422 once the plan allows channels, a 403 before: nothing is stored either way.
  await expect
    .poll(
      async () =>
        (
          await fetch(`${base}/api/v1/agent/channels`, {
            method: "POST",
            headers: auth,
            body: JSON.stringify({ type: "telegram", bot_token: "not-a-token" }),
          })
        ).status,
      { timeout: 30_000, interval: 300 },
    )
    .toBe(422);
}
