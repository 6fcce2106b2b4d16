"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { billingApi, type CardInput } from "@/lib/client/billing";
import { billingKeys } from "./billing-keys";

/** The billing page's reads (BILL-5), one cache entry per GraphQL query (keys: ./billing-keys.ts). */
export { billingKeys, useReloadBilling } from "./billing-keys";

export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => billingApi.subscription({ signal }),
  });
}

/** The API answers 20 invoices at a time, newest first; the next page starts after the last one's id. */
const INVOICE_PAGE = 20;

export function useInvoices() {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices,
    queryFn: ({ signal, pageParam }) => billingApi.invoices(pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length >= INVOICE_PAGE ? last.at(-1)?.id : undefined),
  });
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: billingKeys.methods,
    queryFn: ({ signal }) => billingApi.paymentMethods({ signal, refresh: backFromCardSetup() }),
  });
}

/**
 * Back from a provider's card page (`?card_setup=1`): the first read asks the provider itself, since the
 * card's event may not be processed yet. The marker leaves the address so a reload reads the mirror.
 */
function backFromCardSetup(): boolean {
  if (typeof window === "undefined") return false;
  const url = new URL(window.location.href);
  if (url.searchParams.get("card_setup") !== "1") return false;
  url.searchParams.delete("card_setup");
  window.history.replaceState(window.history.state, "", url.toString());
  return true;
}

/** How a card is added never changes while the server runs. */
export function useCardEntry() {
  return useQuery({
    queryKey: billingKeys.cardEntry,
    queryFn: ({ signal }) => billingApi.cardEntry({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Any billing change can touch the others (a card made default shows on the next invoice): all reload. */
function useBillingMutation<I>(fn: (input: I) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export const useAddPaymentMethod = () =>
  useBillingMutation((card: CardInput) => billingApi.addPaymentMethod(card));
export const useSetDefaultPaymentMethod = () =>
  useBillingMutation((id: string) => billingApi.setDefaultPaymentMethod(id));
export const useDeletePaymentMethod = () =>
  useBillingMutation((id: string) => billingApi.deletePaymentMethod(id));
export const useCancelSubscription = () =>
  useBillingMutation((_: undefined) => billingApi.cancelSubscription());
export const useResumeSubscription = () =>
  useBillingMutation((_: undefined) => billingApi.resumeSubscription());

/** Choosing the current plan and cycle again drops a change waiting for the period's end (spec §3). */
export const useUndoScheduledChange = () =>
  useBillingMutation(async ({ plan, cycle }: { plan: string; cycle: "monthly" | "yearly" }) => {
    await billingApi.changePlan(plan, cycle);
  });

/**
 * After a payment turns final: everything billing shows is read again. A read still in flight started
 * before the payment settled, and a first read (no data yet) is not cancelled by invalidation but joined,
 * so its stale answer would stand: it is cancelled first.
 */
