import "server-only";
import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { clearCookie, readCookie, setCookie } from "@/lib/auth/cookies";
import { asApiError } from "@/lib/billing/api-errors";
import { cancelSubscription, changePlan, previewChange, resumeSubscription } from "@/lib/billing/changes";
import { createPaymentToken, paymentOf } from "@/lib/billing/checkout";
import { BillingError } from "@/lib/billing/errors";
import {
  addCard,
  deleteMethod,
  isUuid,
  methodsOf,
  refreshMethods,
  setDefaultMethod,
  startCardSetup,
} from "@/lib/billing/methods";
import { currencies, cycles } from "@/lib/billing/money";
import { planIds } from "@/lib/billing/plan-limits";
import { planCatalogue } from "@/lib/billing/plans";
import { isSandbox, payMethods } from "@/lib/billing/providers";
import { contactSales } from "@/lib/billing/sales";
import { subscriptionOf } from "@/lib/billing/subscriptions";
import { openTransferInvoice } from "@/lib/billing/transfers";
import { invoiceView, methodView, paymentView, planView, subscriptionView } from "@/lib/billing/views";
import { config } from "@/lib/config";
import { cardInput, salesEnquiryInput } from "@/lib/contracts/billing";
import { invoices } from "@/lib/db/schema";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { cleanStrings } from "@/lib/http/text-hygiene";
import { fieldErrors } from "@/lib/http/validation";
import { enforce } from "@/lib/limits/rate-limit";
import type { Context } from "./context";

/**
 * The billing API's root resolvers (lib/graphql/billing-schema.ts). Every refusal reaches the caller as a
 * translated ApiError (`errors.billing.*`); an id, token or invoice of another owner answers as if absent.
 */

export const INVOICE_PAGE = 20;

/** Runs a resolver, turning the domain's refusals into translated API errors. */
const billing =
  <A, T>(fn: (args: A, ctx: Context) => Promise<T>) =>
  async (args: A, ctx: Context): Promise<T> => {
    try {
      return await fn(cleanStrings(args) as A, ctx);
    } catch (err) {
      throw asApiError(err);
    }
  };

function parse<S extends z.ZodType>(schema: S, value: unknown, ctx: Context): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success)
    throw new ApiError("validation_failed", undefined, {}, fieldErrors(result.error, ctx.locale));
  return result.data;
}

const checkoutInput = z.object({
  plan: z.enum(planIds),
  cycle: z.enum(cycles),
  currency: z.enum(currencies).nullish(),
  method: z.enum(payMethods).nullish(),
});

const planChange = z.object({ plan: z.enum(planIds), cycle: z.enum(cycles) });

async function ownerSubscription(ctx: Context, ownerId: string) {
  const { db, providers } = ctx;
  const row = await subscriptionOf(db, ownerId);
  if (!row) return null;
  return {
    ...subscriptionView(row, ctx.locale, providers.byId(row.provider)?.testMode ?? false),
    pay_by_transfer: await openTransferInvoice(db, ownerId),
  };
}

export const billingRoot = {
  plans: billing(async (_: unknown, ctx) => planCatalogue().map((p) => planView(p, ctx.locale))),

  subscription: billing(async (_: unknown, ctx) => ownerSubscription(ctx, (await ctx.billingAccount()).id)),

  invoices: billing(async (args: { last_id?: string | null }, ctx) => {
    const user = await ctx.billingAccount();
    const { db } = ctx;
    const mine = eq(invoices.ownerId, user.id);
    let after: SQL | undefined;
    if (args.last_id) {
      // A cursor that is not one of the owner's invoices ends the list, as an unknown one would.
      if (!isUuid(args.last_id)) return [];
      const [last] = await db
        .select({ at: invoices.insertedAt, id: invoices.id })
        .from(invoices)
        .where(and(mine, eq(invoices.id, args.last_id)));
      if (!last) return [];
      after = or(
        lt(invoices.insertedAt, last.at),
        and(eq(invoices.insertedAt, last.at), lt(invoices.id, last.id)),
      );
    }
    const rows = await db
      .select()
      .from(invoices)
      .where(and(mine, after))
      .orderBy(desc(invoices.insertedAt), desc(invoices.id))
      .limit(INVOICE_PAGE);
    return rows.map((r) => invoiceView(r, ctx.locale));
  }),

  invoice: billing(async (args: { id: string }, ctx) => {
    const user = await ctx.billingAccount();
    if (!isUuid(args.id)) return null;
    const { db } = ctx;
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.ownerId, user.id), eq(invoices.id, args.id)));
    return row ? invoiceView(row, ctx.locale) : null;
  }),

  payment_methods: billing(async (args: { refresh?: boolean | null }, ctx) => {
    const user = await ctx.billingAccount();
    const { db, providers } = ctx;
    if (args.refresh) await refreshMethods(db, providers.cards, user.id);
    return (await methodsOf(db, user.id)).map(methodView);
  }),

  payment: billing(async (args: { token?: string | null }, ctx) => {
    const user = await ctx.billingAccount();
    const token = args.token || readCookie(ctx.req, "payment_token");
    if (!token || token.length > 200) return null;
    const { db, providers } = ctx;
    const view = await paymentOf(db, providers, user.id, token);
    if (!view) return null;
    return {
      ...paymentView(view, ctx.locale),
      test_mode: providers.byId(view.provider)?.testMode ?? false,
      amount_due: view.amountDue,
    };
  }),

  create_payment_token: billing(async (args: { input: unknown }, ctx) => {
    const user = await ctx.billingAccount();
    const input = parse(checkoutInput, args.input, ctx);
    const { db, providers } = ctx;
    const currency = input.currency ?? "VND";
    // No provider at all: a production server others reach, without keys (lib/config.ts).
    if (providers.all.length === 0) throw new BillingError("payments_not_set_up");
    const provider = providers.forCheckout(currency, input.method);
    if (!provider) throw new BillingError("currency_unavailable");
    const started = await createPaymentToken(
      db,
      provider,
      {
        ownerId: user.id,
        plan: input.plan,
        cycle: input.cycle,
        currency,
        locale: ctx.locale,
        returnUrl: `${config().APP_URL}/${ctx.locale}/billing`,
      },
      new Date(),
      undefined,
      providers,
    );
    ctx.setCookies.push(setCookie("payment_token", started.token));
    return {
      token: started.token,
      checkout_url: started.checkoutUrl,
      expires_at: started.expiresAt.toISOString(),
    };
  }),

  drop_payment_token: billing(async (args: { token?: string | null }, ctx) => {
    const current = readCookie(ctx.req, "payment_token");
    if (!args.token || current === args.token) ctx.setCookies.push(clearCookie("payment_token"));
    return true;
  }),

  plan_change_preview: billing(async (args: { plan: string; cycle: string }, ctx) => {
    const user = await ctx.billingAccount();
    const req = parse(planChange, args, ctx);
    const { db } = ctx;
    const preview = await previewChange(db, user.id, req);
    return {
      timing: preview.timing,
      charge: preview.charge,
      currency: preview.currency,
      effective_date: preview.effectiveAt.toISOString(),
      payment_method: preview.paymentMethod,
    };
  }),

  change_plan: billing(async (args: { plan: string; cycle: string }, ctx) => {
    const user = await ctx.billingAccount();
    const req = parse(planChange, args, ctx);
    const { db, providers } = ctx;
    const result = await changePlan(db, providers, user.id, req);
    return {
      timing: result.timing,
      status: result.timing === "now" ? result.status : null,
      invoice: result.timing === "now" && result.invoice ? invoiceView(result.invoice, ctx.locale) : null,
      subscription: await ownerSubscription(ctx, user.id),
    };
  }),

  cancel_subscription: billing(async (_: unknown, ctx) => {
    const user = await ctx.billingAccount();
    const { db } = ctx;
    await cancelSubscription(db, user.id);
    return ownerSubscription(ctx, user.id);
  }),

  resume_subscription: billing(async (_: unknown, ctx) => {
    const user = await ctx.billingAccount();
    const { db } = ctx;
    await resumeSubscription(db, user.id);
    return ownerSubscription(ctx, user.id);
  }),

  add_payment_method: billing(async (args: { input: unknown }, ctx) => {
    const user = await ctx.billingAccount();
    const input = parse(cardInput, args.input, ctx);
    const { db, providers } = ctx;
    return methodView(await addCard(db, providers.cards, user.id, input));
  }),

  card_entry: billing(async (_: unknown, ctx) => {
    await ctx.billingAccount();
    const { providers } = ctx;
    // "none": no provider here keeps cards (payOS alone); the methods tab says transfers need none.
    // "unavailable": no provider at all; the methods tab says payments are not set up.
    if (providers.all.length === 0) return "unavailable";
    return !providers.cards ? "none" : isSandbox(providers.cards) ? "form" : "hosted";
  }),

  start_card_setup: billing(async (_: unknown, ctx) => {
    const user = await ctx.billingAccount();
    const { providers } = ctx;
    return startCardSetup(providers.cards, user.id, ctx.locale);
  }),

  set_default_payment_method: billing(async (args: { id: string }, ctx) => {
    const user = await ctx.billingAccount();
    const { db, providers } = ctx;
    return (await setDefaultMethod(db, providers, user.id, args.id)).map(methodView);
  }),

  delete_payment_method: billing(async (args: { id: string }, ctx) => {
    const user = await ctx.billingAccount();
    const { db, providers } = ctx;
    return (await deleteMethod(db, providers, user.id, args.id)).map(methodView);
  }),

  contact_sales: billing(async (args: { input: unknown }, ctx) => {
    const input = parse(salesEnquiryInput, args.input, ctx);
    const { db } = ctx;
    // A public form that sends mail: a few enquiries an hour per address is plenty for people.
    await enforce(db, [{ key: `sales:${ipLimitKey(clientIp(ctx.req))}`, max: 5, windowSeconds: 3600 }]);
    const user = await ctx.maybeUser();
    await contactSales(db, input, { ownerId: user?.id ?? null, locale: ctx.locale });
    return true;
  }),
};
