import { createPaymentToken, payWithSandbox } from "@/lib/billing/checkout";
import { BillingError } from "@/lib/billing/errors";
import { processEvent, receiveEvent } from "@/lib/billing/events";
import type { Currency, Cycle } from "@/lib/billing/money";
import type { PlanId } from "@/lib/billing/plan-limits";
import { type CardInput, SandboxProvider, sandboxSecret } from "@/lib/billing/providers/sandbox";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

export const CARD_OK = "4242 4242 4242 4242";
export const CARD_DECLINED = "4000 0000 0000 0002";
export const CARD_DECLINES_LATER = "4000 0000 0000 0341";

export const card = (number: string, exp_year = 2030): CardInput => ({
  card_number: number,
  exp_month: 12,
  exp_year,
  cvc: "123",
});

export type Delivery = { raw: string; headers: Record<string, string> };

/**
 * A sandbox provider on a test database with a clock the test moves. Events are received and processed as
 * they are emitted, like the webhook route and its job will, unless `world.hold` is set: then they pile up
 * in `world.held` for the test to deliver itself (twice, out of order, never).
 */
export function billingWorld(db: () => Db, start = new Date("2026-03-01T00:00:00Z")) {
  let seq = 0;
  let provider: SandboxProvider | undefined;
  const world = {
    now: start,
    hold: false,
    held: [] as Delivery[],
    /** Runs `steps` with the sandbox's events held back (in `held`, emptied first), for the test to deliver. */
    async holding(steps: () => Promise<unknown>): Promise<Delivery[]> {
      world.hold = true;
      world.held = [];
      try {
        await steps();
      } finally {
        world.hold = false;
      }
      return world.held;
    },
    delivered: [] as Delivery[],
    /** made on first use: the database opens in the file's beforeAll */
    get sandbox(): SandboxProvider {
      provider ??= new SandboxProvider({
        db: db(),
        secret: sandboxSecret("a test session secret that is long enough"),
        now: () => world.now,
        deliver: async (raw, headers) => {
          const d = { raw, headers };
          world.delivered.push(d);
          if (world.hold) world.held.push(d);
          else await world.deliver(d);
        },
      });
      return provider;
    },
    set(at: Date | string) {
      world.now = typeof at === "string" ? new Date(at) : at;
    },
    async deliver(d: Delivery) {
      const received = await receiveEvent(db(), world.sandbox, d.raw, d.headers, world.now);
      await processEvent(db(), world.sandbox, received.id, world.now);
      return received;
    },
    async newOwner(): Promise<string> {
      seq++;
      const [row] = await db()
        .insert(users)
        .values({
          membershipId: `BILL${process.pid}${String(seq).padStart(4, "0")}${Math.random().toString(36).slice(2, 6)}`,
        })
        .returning({ id: users.id });
      return row!.id;
    },
    async buy(
      ownerId: string,
      plan: PlanId,
      cycle: Cycle,
      payWith: string | "bank_transfer",
      currency: Currency = "VND",
    ) {
      const started = await createPaymentToken(
        db(),
        world.sandbox,
        { ownerId, plan, cycle, currency, locale: "en", returnUrl: "/en/billing" },
        world.now,
      );
      const payment = await payWithSandbox(
        db(),
        world.sandbox,
        started.token,
        payWith === "bank_transfer" ? { method: "bank_transfer" } : card(payWith),
        { now: world.now },
      );
      return { ...started, payment };
    },
  };
  return world;
}

/** The billing error's code a promise fails with, "none" when it succeeds; anything else is rethrown. */
export async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof BillingError) return err.code;
    throw err;
  }
  return "none";
}
