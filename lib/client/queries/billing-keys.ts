"use client";

import { useQueryClient } from "@tanstack/react-query";

/**
 * The billing page's cache keys, one per GraphQL query, and its reload, apart from the queries themselves
 * (lib/client/queries/billing.ts): the page's frame reloads billing without its first download carrying
 * every billing operation (issue 18: page weight).
 */
export const billingKeys = {
  all: ["graphql", "billing"] as const,
  subscription: ["graphql", "billing", "subscription"] as const,
  invoices: ["graphql", "billing", "invoices"] as const,
  methods: ["graphql", "billing", "payment_methods"] as const,
  cardEntry: ["graphql", "billing", "card_entry"] as const,
};

/** Everything billing shows, read again (after a payment settles, a plan changes…). */
export function useReloadBilling() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: billingKeys.all });
    await client.invalidateQueries({ queryKey: billingKeys.all });
  };
}
