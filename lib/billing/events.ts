import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { billingEvents } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { asProviders, type ProviderSet } from "./providers/choice";
import type { PaymentProvider } from "./providers/types";
import { syncMethods, syncPayment } from "./sync";

const log = logger("billing");

/**
 * Provider events (BILL-3): verified, stored once per (provider, event id), then processed by a job. Storing
 * comes first and answers the provider at once; processing converges on the provider's own state
 * (lib/billing/sync.ts), so an event delivered twice, two arriving out of order, or a process killed between
 * storing and processing all end in the same rows. An event is trusted only for whom it is about.
 */

export type Received = { id: string; duplicate: boolean };

/** Throws EventVerificationError when the signature does not hold; nothing is stored then. */
export async function receiveEvent(
  db: Db,
  provider: PaymentProvider,
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  now: Date = new Date(),
): Promise<Received> {
  const event = await provider.verifyEvent(rawBody, headers);
  const [row] = await db
    .insert(billingEvents)
    .values({
      provider: provider.id,
      eventId: event.id,
      type: event.type,
      payload: { subject: event.subject, customer: event.customer, body: event.payload },
      receivedAt: now,
    })
    .onConflictDoNothing({ target: [billingEvents.provider, billingEvents.eventId] })
    .returning({ id: billingEvents.id });
  if (row) return { id: row.id, duplicate: false };
  const [existing] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider.id), eq(billingEvents.eventId, event.id)));
  return { id: existing!.id, duplicate: true };
}

type StoredPayload = { subject?: { kind?: string; ref?: string } };

/** Processes one stored event; a processed one is left alone. Returns whether it ran. */
export async function processEvent(
  db: Db,
  set: ProviderSet,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [event] = await db.select().from(billingEvents).where(eq(billingEvents.id, id));
  if (!event || event.processedAt) return false;
  // An event of a provider no longer configured waits: its refs mean nothing to the others.
  const provider = asProviders(set).byId(event.provider);
  if (!provider) return false;
  const subject = (event.payload as StoredPayload).subject;
  try {
    if (subject?.kind === "payment" && subject.ref) {
      await syncPayment(db, provider, subject.ref, now);
    } else if (subject?.kind === "method" && subject.ref) {
      // Whose cards to mirror comes from the provider's record of the card, not from the event.
      const method = await provider.getMethod(subject.ref);
      const customer = method?.customer ?? (event.payload as { customer?: string }).customer;
      if (customer) await syncMethods(db, provider, customer, now);
    }
  } catch (err) {
    await db
      .update(billingEvents)
      .set({ attempts: sql`${billingEvents.attempts} + 1`, lastError: String((err as Error).message) })
      .where(eq(billingEvents.id, id));
    throw err;
  }
  await db
    .update(billingEvents)
    .set({ processedAt: now, attempts: sql`${billingEvents.attempts} + 1` })
    .where(and(eq(billingEvents.id, id), isNull(billingEvents.processedAt)));
  return true;
}

/** Every stored event not processed yet, oldest first: the job's sweep, and recovery after a crash. */
export async function processPendingEvents(
  db: Db,
  set: ProviderSet,
  now: Date = new Date(),
  limit = 100,
): Promise<number> {
  const providers = asProviders(set);
  const ids = providers.all.map((p) => p.id);
  if (ids.length === 0) return 0;
  const pending = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(and(isNull(billingEvents.processedAt), inArray(billingEvents.provider, ids)))
    .orderBy(asc(billingEvents.receivedAt))
    .limit(limit);
  let done = 0;
  for (const { id } of pending) {
    try {
      if (await processEvent(db, providers, id, now)) done++;
    } catch (err) {
      log.error(`event ${id}: ${(err as Error).message}`);
    }
  }
  return done;
}
