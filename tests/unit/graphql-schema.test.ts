import { describe, expect, it } from "vitest";
import { schema } from "@/lib/graphql/schema";

/**
 * The one GraphQL schema (profile + billing) builds: a stray quote in a field's description once broke every
 * GraphQL call at run time (500 on all of them) while the type check passed.
 */
describe("the GraphQL schema", () => {
  it("builds, with the queries and mutations the pages call", () => {
    const s = schema();
    const query = Object.keys(s.getQueryType()!.getFields());
    const mutation = Object.keys(s.getMutationType()!.getFields());
    expect(query).toEqual(
      expect.arrayContaining(["profile", "subscription", "payment", "invoices", "card_entry"]),
    );
    expect(mutation).toEqual(
      expect.arrayContaining(["create_payment_token", "change_plan", "update_profile"]),
    );
    const payment = s.getType("Payment") as unknown as { getFields(): Record<string, unknown> };
    expect(Object.keys(payment.getFields())).toEqual(expect.arrayContaining(["amount_due", "method"]));
  });
});
