import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { paymentMethods } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { billingApiError } from "./api-errors";
import { BillingError } from "./errors";
import { isSandbox, isStripe, type Providers } from "./providers";
import { type CardInput, SandboxInputError } from "./providers/sandbox";
import type { PaymentProvider } from "./providers/types";
import { isEntitled } from "./subscription-machine";
import { stateOf, subscriptionOf } from "./subscriptions";
import { syncMethods } from "./sync";

const log = logger("billing");

/**
 * The owner's saved cards (BILL-5): listed from the mirror the provider's events keep, changed at the
 * provider and mirrored again at once so the answer shows the change. An id that is not the owner's answers
 * as if it did not exist.
 */

export type MethodRow = typeof paymentMethods.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export async function methodsOf(db: Db, ownerId: string): Promise<MethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.ownerId, ownerId))
    .orderBy(asc(paymentMethods.insertedAt), asc(paymentMethods.id));
}

async function ownMethod(db: Db, ownerId: string, id: string): Promise<MethodRow> {
  if (!isUuid(id)) throw billingApiError("method_not_found", "not_found");
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.ownerId, ownerId)));
  if (!row) throw billingApiError("method_not_found", "not_found");
  return row;
}

/** The provider that holds a saved card; a card of a provider no longer configured cannot be changed. */
function holderOf(providers: Providers, method: MethodRow): PaymentProvider {
  const provider = providers.byId(method.provider);
  if (!provider) throw billingApiError("method_not_found", "not_found");
  return provider;
}

export async function setDefaultMethod(
  db: Db,
  providers: Providers,
  ownerId: string,
  id: string,
): Promise<MethodRow[]> {
  const method = await ownMethod(db, ownerId, id);
  const provider = holderOf(providers, method);
  await provider.setDefaultMethod(ownerId, method.providerRef);
  await syncMethods(db, provider, ownerId);
  return methodsOf(db, ownerId);
}

/**
 * Removes a card. The only card of a plan that will renew is refused (the renewal would fail); the owner
 * cancels first or adds another card. Removing the default makes the newest remaining card the default.
 */
export async function deleteMethod(
  db: Db,
  providers: Providers,
  ownerId: string,
  id: string,
  now: Date = new Date(),
): Promise<MethodRow[]> {
  const method = await ownMethod(db, ownerId, id);
  const provider = holderOf(providers, method);
  const all = await methodsOf(db, ownerId);
  const sub = await subscriptionOf(db, ownerId);
  const state = stateOf(sub);
  // A plan renewed by bank transfer does not need a card.
  const byTransfer = sub ? providers.byId(sub.provider)?.collects === "transfer" : false;
  const renews = isEntitled(state, now) && !state.cancelAtPeriodEnd && state.plan !== "free" && !byTransfer;
  if (renews && all.length <= 1) throw billingApiError("last_card", "conflict");
  await provider.detachMethod(ownerId, method.providerRef);
  if (method.isDefault) {
    const next = all.filter((m) => m.id !== method.id).at(-1);
    if (next) await provider.setDefaultMethod(ownerId, next.providerRef);
  }
  await syncMethods(db, provider, ownerId, now);
  return methodsOf(db, ownerId);
}

/**
 * Adds a card typed on the billing page. Only the sandbox takes card numbers here; a real provider collects
 * cards on its own hosted page and reports them by event.
 */
export async function addCard(
  db: Db,
  provider: PaymentProvider | null,
  ownerId: string,
  input: CardInput,
): Promise<MethodRow> {
  if (!isSandbox(provider)) throw billingApiError("sandbox_only", "not_found");
  let ref: string;
  try {
    ref = (await provider.attachCard(ownerId, input)).ref;
  } catch (err) {
    if (err instanceof SandboxInputError) throw new BillingError(err.code);
    throw err;
  }
  await syncMethods(db, provider, ownerId);
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.ownerId, ownerId), eq(paymentMethods.providerRef, ref)));
  if (!row) {
    log.error(`card ${ref} attached but not mirrored`);
    throw new BillingError("unknown");
  }
  return row;
}

/**
 * `start_card_setup`: a provider's hosted page where the owner saves a card (Stripe: Checkout in setup mode,
 * back to the billing page's methods tab). The card reaches the mirror by the provider's event. The sandbox
 * takes its test cards through `addCard` instead.
 */
export async function startCardSetup(
  provider: PaymentProvider | null,
  ownerId: string,
  locale: string,
): Promise<string> {
  if (!isStripe(provider)) throw billingApiError("card_setup_unavailable", "not_found");
  return provider.startCardSetup(ownerId, locale);
}

/**
 * The owner's cards read again from the provider (the source of truth), for the page an owner comes back to
 * from the provider's card page: the card is saved there before the browser returns, its event may still be
 * on the way. A provider that cannot be asked leaves the mirror as it is; the event will bring the card.
 */
export async function refreshMethods(
  db: Db,
  provider: PaymentProvider | null,
  ownerId: string,
): Promise<void> {
  if (!provider || isSandbox(provider)) return;
  try {
    await syncMethods(db, provider, ownerId);
  } catch (err) {
    log.warn(`cards of ${ownerId} not refreshed from ${provider.id}: ${(err as Error).message}`);
  }
}
