import { describe, expect, it } from "vitest";
import {
  currencies,
  cycleAmount,
  formatMoney,
  periodDays,
  periodEnd,
  perMonthOfYearly,
  proratedUpgrade,
  switchNowCharge,
  toMajorString,
  unusedCredit,
  yearlyAmount,
} from "@/lib/billing/money";
import { planIds } from "@/lib/billing/plan-limits";
import { type CatalogueSettings, defaultMonthlyPrices, planCatalogue, priceOf } from "@/lib/billing/plans";
import { ConfigError, parseConfig } from "@/lib/config";
import { tempDirs } from "../helpers/temp";

const dataDir = tempDirs("billing-config");
const defaults: CatalogueSettings = { comingSoon: ["business"], prices: {} };
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("yearly prices", () => {
  it("are 12 × monthly × 0.8 for every plan and currency, in whole minor units", () => {
    for (const plan of planIds) {
      for (const currency of currencies) {
        const monthly = priceOf(plan, "monthly", currency, defaults);
        const yearly = priceOf(plan, "yearly", currency, defaults);
        if (plan === "enterprise") {
          expect(monthly).toBeNull();
          expect(yearly).toBeNull();
          continue;
        }
        expect(Number.isSafeInteger(monthly)).toBe(true);
        expect(Number.isSafeInteger(yearly)).toBe(true);
        // 12 × 0.8 = 48 / 5, compared exactly in integers and rounded half up to the minor unit.
        expect(Math.abs(yearly! * 5 - monthly! * 48)).toBeLessThanOrEqual(2);
        expect(yearly).toBe(Math.round((monthly! * 48) / 5));
      }
    }
  });

  it("hold for configured prices too, rounding to the currency's unit", () => {
    const settings: CatalogueSettings = { comingSoon: [], prices: { starter: { VND: 123_457, USD: 1_999 } } };
    expect(priceOf("starter", "monthly", "VND", settings)).toBe(123_457);
    expect(priceOf("starter", "yearly", "VND", settings)).toBe(1_185_187); // 1,185,187.2 ₫
    expect(priceOf("starter", "yearly", "USD", settings)).toBe(19_190); // $191.904 → $191.90
    expect(priceOf("beginner", "monthly", "USD", settings)).toBe(defaultMonthlyPrices.beginner.USD);
    expect(yearlyAmount(1)).toBe(10); // 9.6 rounds up
    expect(yearlyAmount(3)).toBe(29); // 28.8
    expect(yearlyAmount(0)).toBe(0);
    expect(cycleAmount(500, "monthly")).toBe(500);
  });

  it("are the defaults a Vietnamese small business would pay", () => {
    expect(priceOf("beginner", "monthly", "VND", defaults)).toBe(199_000);
    expect(priceOf("starter", "monthly", "VND", defaults)).toBe(499_000);
    expect(priceOf("business", "monthly", "VND", defaults)).toBe(1_990_000);
    expect(priceOf("starter", "yearly", "VND", defaults)).toBe(4_790_400);
    expect(priceOf("starter", "monthly", "USD", defaults)).toBe(2_000);
    expect(priceOf("starter", "yearly", "USD", defaults)).toBe(19_200);
    expect(priceOf("free", "yearly", "USD", defaults)).toBe(0);
  });

  it("refuse money that is not whole minor units", () => {
    expect(() => yearlyAmount(1.5)).toThrow(RangeError);
    expect(() => yearlyAmount(-1)).toThrow(RangeError);
    expect(() =>
      proratedUpgrade(1, 2.5, { start: day("2026-01-01"), end: day("2026-02-01") }, day("2026-01-02")),
    ).toThrow(RangeError);
  });

  it("show a per-month figure for the yearly toggle", () => {
    expect(perMonthOfYearly(4_790_400)).toBe(399_200);
    expect(perMonthOfYearly(19_200)).toBe(1_600);
  });
});

describe("billing configuration", () => {
  const env = (extra: Record<string, string>) => parseConfig({ DATA_DIR: dataDir(), ...extra });
  const failure = (extra: Record<string, string>) => {
    try {
      env(extra);
    } catch (err) {
      if (err instanceof ConfigError) return err.variable;
    }
    return "none";
  };

  it("has business coming soon and default prices unless told otherwise", () => {
    expect(env({}).BILLING_COMING_SOON).toEqual(["business"]);
    expect(env({}).BILLING_PRICES).toEqual({});
    expect(env({}).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    expect(env({ BILLING_COMING_SOON: "" }).BILLING_COMING_SOON).toEqual([]);
    expect(env({ BILLING_COMING_SOON: "starter, business" }).BILLING_COMING_SOON).toEqual([
      "starter",
      "business",
    ]);
    expect(env({ BILLING_PRICES: '{"starter":{"VND":450000}}' }).BILLING_PRICES).toEqual({
      starter: { VND: 450_000 },
    });
  });

  it("names the billing variable that is wrong", () => {
    expect(failure({ BILLING_COMING_SOON: "free" })).toBe("BILLING_COMING_SOON");
    expect(failure({ BILLING_COMING_SOON: "enterprise" })).toBe("BILLING_COMING_SOON");
    expect(failure({ BILLING_PRICES: "not json" })).toBe("BILLING_PRICES");
    expect(failure({ BILLING_PRICES: '{"free":{"VND":1}}' })).toBe("BILLING_PRICES");
    expect(failure({ BILLING_PRICES: '{"starter":{"VND":1.5}}' })).toBe("BILLING_PRICES");
    expect(failure({ BILLING_PRICES: '{"starter":{"EUR":100}}' })).toBe("BILLING_PRICES");
    expect(failure({ BILLING_PRICES: '{"starter":{"USD":0}}' })).toBe("BILLING_PRICES");
    expect(failure({ PAYMENTS_SANDBOX: "maybe" })).toBe("PAYMENTS_SANDBOX");
  });

  it("takes each real provider whose keys are all set, the sandbox only without one or when asked outside production; refuses one half set", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    const payos = { PAYOS_CLIENT_ID: "c", PAYOS_API_KEY: "k", PAYOS_CHECKSUM_KEY: "s" };
    expect(env(stripe).PAYMENT_PROVIDERS).toEqual(["stripe"]);
    expect(env(payos).PAYMENT_PROVIDERS).toEqual(["payos"]);
    expect(env({ ...stripe, ...payos }).PAYMENT_PROVIDERS).toEqual(["stripe", "payos"]);
    expect(env({ ...payos, PAYMENTS_SANDBOX: "true" }).PAYMENT_PROVIDERS).toEqual(["payos", "sandbox"]);
    expect(env({ PAYMENTS_SANDBOX: "false" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    expect(failure({ STRIPE_SECRET_KEY: "sk_test_x" })).toBe("STRIPE_WEBHOOK_SECRET");
    expect(failure({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toBe("STRIPE_SECRET_KEY");
    expect(failure({ PAYOS_CLIENT_ID: "c", PAYOS_API_KEY: "k" })).toBe("PAYOS_CHECKSUM_KEY");
    expect(
      failure({ ...payos, PAYMENTS_SANDBOX: "true", NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }),
    ).toBe("PAYMENTS_SANDBOX");
    expect(failure({ PAYOS_API_BASE: "ftp://x" })).toBe("PAYOS_API_BASE");
    expect(failure({ STRIPE_API_BASE: "ftp://x" })).toBe("STRIPE_API_BASE");
  });

  it("in production without a real provider, takes test payments only on this machine or when asked", () => {
    const production = (extra: Record<string, string>) =>
      env({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), ...extra }).PAYMENT_PROVIDERS;
    // A reachable deployment would otherwise sell its plans for the test card 4242.
    for (const url of ["https://agents.example.com", "http://203.0.113.5:3000", "http://127.example.com"]) {
      expect(production({ APP_URL: url }), url).toEqual([]);
      expect(production({ APP_URL: url, PAYMENTS_SANDBOX: "false" }), url).toEqual([]);
      expect(production({ APP_URL: url, PAYMENTS_SANDBOX: "true" }), url).toEqual(["sandbox"]);
    }
    // npm start on a fresh clone (APP_URL unset: localhost) and any loopback address keep the sandbox.
    for (const url of [
      undefined,
      "http://localhost:3000",
      "http://127.0.0.1:4000",
      "http://127.1.2.3",
      "http://[::1]:3000",
    ]) {
      expect(production(url ? { APP_URL: url } : {}), url).toEqual(["sandbox"]);
    }
    // Outside production nothing changes: the sandbox whenever nothing real is there.
    expect(env({ APP_URL: "https://agents.example.com" }).PAYMENT_PROVIDERS).toEqual(["sandbox"]);
    // Next to a real provider the sandbox stays refused in production, wherever the server is.
    const payos = { PAYOS_CLIENT_ID: "c", PAYOS_API_KEY: "k", PAYOS_CHECKSUM_KEY: "s" };
    expect(
      failure({
        ...payos,
        PAYMENTS_SANDBOX: "true",
        NODE_ENV: "production",
        APP_URL: "http://localhost:3000",
      }),
    ).toBe("PAYMENTS_SANDBOX");
    expect(production({ ...payos, APP_URL: "http://localhost:3000" })).toEqual(["payos"]);
  });
});

describe("the catalogue", () => {
  it("lists five plans with statuses from configuration", () => {
    const list = planCatalogue(defaults);
    expect(list.map((p) => [p.id, p.status])).toEqual([
      ["free", "available"],
      ["beginner", "available"],
      ["starter", "available"],
      ["business", "coming_soon"],
      ["enterprise", "contact_sales"],
    ]);
    expect(planCatalogue({ comingSoon: [], prices: {} }).find((p) => p.id === "business")!.status).toBe(
      "available",
    );
    for (const plan of list) {
      expect(plan.name.en && plan.name.vi && plan.pitch.en && plan.pitch.vi).toBeTruthy();
      expect(plan.prices).toHaveLength(plan.id === "enterprise" ? 0 : 4);
      expect(plan.limits.plan).toBe(plan.id);
    }
  });
});

describe("proration by day", () => {
  const march = { start: day("2026-03-01"), end: day("2026-04-01") }; // 31 days

  it("counts the days of the period and those left, a begun day as left", () => {
    expect(periodDays(march, day("2026-03-01"))).toEqual({ total: 31, remaining: 31 });
    expect(periodDays(march, new Date("2026-03-11T15:00:00Z"))).toEqual({ total: 31, remaining: 21 });
    expect(periodDays(march, day("2026-04-01"))).toEqual({ total: 31, remaining: 0 });
    expect(periodDays(march, day("2026-05-01"))).toEqual({ total: 31, remaining: 0 });
  });

  it("charges the difference for the days left", () => {
    // 300,000 ₫ more a month, 21 of 31 days left: 203,225.8 → 203,226 ₫
    expect(proratedUpgrade(199_000, 499_000, march, day("2026-03-11"))).toBe(203_226);
    expect(proratedUpgrade(800, 2_000, march, day("2026-03-11"))).toBe(813); // 812.9 cents
    expect(proratedUpgrade(199_000, 499_000, march, day("2026-03-01"))).toBe(300_000);
    expect(proratedUpgrade(199_000, 499_000, march, day("2026-04-01"))).toBe(0);
    expect(proratedUpgrade(499_000, 199_000, march, day("2026-03-11"))).toBe(0);
  });

  it("credits the unused part when a new period starts at once", () => {
    expect(unusedCredit(499_000, march, day("2026-03-11"))).toBe(338_032); // 499000 × 21/31 = 338,032.3
    expect(switchNowCharge(4_790_400, 499_000, march, day("2026-03-11"))).toBe(4_790_400 - 338_032);
    expect(switchNowCharge(100, 499_000, march, day("2026-03-11"))).toBe(0);
  });
});

describe("periods", () => {
  it("end a month or a year later, on the month's last day when it is shorter", () => {
    expect(periodEnd(new Date("2026-01-31T10:00:00Z"), "monthly")).toEqual(new Date("2026-02-28T10:00:00Z"));
    expect(periodEnd(new Date("2026-12-15T10:00:00Z"), "monthly")).toEqual(new Date("2027-01-15T10:00:00Z"));
    expect(periodEnd(new Date("2028-02-29T10:00:00Z"), "yearly")).toEqual(new Date("2029-02-28T10:00:00Z"));
    expect(periodEnd(new Date("2026-03-01T00:00:00Z"), "yearly")).toEqual(new Date("2027-03-01T00:00:00Z"));
  });
});

describe("formatting", () => {
  it("shows VND without decimals and USD with cents, in each language's style", () => {
    expect(formatMoney({ amount: 199_000, currency: "VND" }, "vi")).toBe("199.000\u00a0₫");
    expect(formatMoney({ amount: 199_000, currency: "VND" }, "en")).toBe("₫199,000");
    expect(formatMoney({ amount: 2_000, currency: "USD" }, "en")).toBe("$20.00");
    expect(formatMoney({ amount: 5, currency: "USD" }, "en")).toBe("$0.05");
    expect(formatMoney({ amount: 2_000, currency: "USD" }, "vi")).toBe("20,00\u00a0US$");
  });

  it("turns minor units into an exact decimal string", () => {
    expect(toMajorString(1_234, "USD")).toBe("12.34");
    expect(toMajorString(5, "USD")).toBe("0.05");
    expect(toMajorString(-5, "USD")).toBe("-0.05");
    expect(toMajorString(9_007_199_254_740_991, "USD")).toBe("90071992547409.91");
    expect(toMajorString(199_000, "VND")).toBe("199000");
  });
});
