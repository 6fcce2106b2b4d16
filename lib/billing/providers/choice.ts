import type { Currency } from "../money";
import type { PaymentProvider } from "./types";

export const payMethods = ["card", "bank_transfer"] as const;
export type PayMethod = (typeof payMethods)[number];

/**
 * The payment providers this deployment has (config's PAYMENT_PROVIDERS, from the keys that are set), and
 * which one takes what:
 * - `cards`: saved cards, renewals and upgrades charged off-session: Stripe, else the sandbox;
 * - a checkout in VND goes to payOS (bank transfer) unless the owner asks for a card; in USD to `cards`;
 * - `byId`: every row names the provider its refs belong to (tokens, subscriptions, events), and is
 *   handled by that one, even after another became the default.
 */
export type Providers = {
  all: PaymentProvider[];
  byId(id: string): PaymentProvider | undefined;
  cards: PaymentProvider | null;
  /** the provider for a checkout; undefined when none takes this currency */
  forCheckout(currency: Currency, method?: PayMethod | null): PaymentProvider | undefined;
  /** the payment methods an owner may choose between for this currency (the checkout page's "pay by card instead") */
  methodsFor(currency: Currency): PayMethod[];
};

/** The choice among providers, pure over the list (unit-tested). */
export function providerChoice(all: PaymentProvider[]): Providers {
  const byId = (id: string) => all.find((p) => p.id === id);
  const cards = all.find((p) => p.id === "stripe") ?? all.find((p) => p.collects === "card") ?? null;
  const transfer = all.find((p) => p.collects === "transfer") ?? null;
  const methodsFor = (currency: Currency): PayMethod[] => {
    const methods: PayMethod[] = [];
    if (currency === "VND" && transfer) methods.push("bank_transfer");
    if (cards) methods.push("card");
    return methods;
  };
  return {
    all,
    byId,
    cards,
    methodsFor,
    forCheckout(currency, method) {
      const offered = methodsFor(currency);
      if (offered.length === 0) return undefined;
      const chosen = method && offered.includes(method) ? method : offered[0]!;
      return chosen === "bank_transfer" ? transfer! : cards!;
    },
  };
}

/** One provider or the deployment's set: a single provider is a set of one (tests, tools). */
export type ProviderSet = PaymentProvider | Providers;

export function asProviders(set: ProviderSet): Providers {
  return "all" in set ? set : providerChoice([set]);
}
