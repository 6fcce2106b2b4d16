import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { baseUrl } from "../helpers/http";
import { buyWithSandboxCard } from "../helpers/sandbox-purchase";
import { type SignedIn, signInWithCode } from "../helpers/session";
import { sql } from "../helpers/sql";

/**
 * Invoices in the reader's language (issue 43 item 13): lines are stored as keys + values and put into
 * words when read, a plan change bills the new plan and credits the unused part of the old one on a line
 * of its own, the lines add up to the total in whole minor units, and a row stored before lines existed
 * still reads as one line in the reader's language.
 */
const catalogue = { en, vi } as const;
const names = {
  en: { beginner: "Beginner", starter: "Starter" },
  vi: { beginner: "Khởi đầu", starter: "Cơ bản" },
} as const;
type Locale = keyof typeof catalogue;
type Line = { description: string; amount: number };
type Invoice = { number: string; kind: string; total: number; lines: Line[] };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
const text = (locale: Locale, key: "checkout" | "change" | "unused_credit", plan: "beginner" | "starter") =>
  fill(catalogue[locale].billingApi.invoice[key], {
    plan: names[locale][plan],
    cycle: catalogue[locale].billingApi.cycle.monthly,
  });

async function gql<T>(owner: SignedIn, query: string, variables: Record<string, unknown> = {}, lang = "en") {
  const res = await fetch(`${baseUrl()}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl(),
      "accept-language": lang,
      authorization: `Bearer ${owner.access}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const invoicesIn = async (owner: SignedIn, lang: Locale) =>
  (
    await gql<{ invoices: Invoice[] }>(
      owner,
      "{ invoices { number kind total lines { description amount } } }",
      {},
      lang,
    )
  ).invoices;

async function printable(owner: SignedIn, locale: Locale, number: string) {
  const res = await fetch(`${baseUrl()}/${locale}/billing/invoices/${number}`, {
    headers: { cookie: owner.cookies.join("; ") },
  });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");
}

/** Beginner monthly bought with 4242, then Starter monthly at once (the difference charged to that card). */
async function upgradedOwner(): Promise<SignedIn> {
  const owner = await signInWithCode(baseUrl(), `lines-${randomBytes(4).toString("hex")}@example.test`);
  await buyWithSandboxCard(owner);
  const changed = await gql<{ change_plan: { timing: string; status: string } }>(
    owner,
    "mutation P($plan: ID!, $cycle: String!) { change_plan(plan: $plan, cycle: $cycle) { timing status } }",
    { plan: "starter", cycle: "monthly" },
  );
  expect(changed.change_plan).toEqual({ timing: "now", status: "paid" });
  return owner;
}

describe("invoice lines in the reader's language", () => {
  it("a change bills the new plan and credits the unused part on its own line, in en and vi, on the API and the printable page", async () => {
    const owner = await upgradedOwner();
    for (const locale of ["en", "vi"] as const) {
      const invoices = await invoicesIn(owner, locale);
      const change = invoices.find((i) => i.kind === "change")!;
      expect(change.lines.map((l) => l.description)).toEqual([
        text(locale, "change", "starter"),
        text(locale, "unused_credit", "beginner"),
      ]);
      const [bill, credit] = change.lines;
      expect(credit!.amount).toBeLessThan(0);
      expect(bill!.amount + credit!.amount).toBe(change.total);
      expect(change.lines.every((l) => Number.isSafeInteger(l.amount))).toBe(true);
      const page = await printable(owner, locale, change.number);
      expect(page).toContain(text(locale, "change", "starter"));
      expect(page).toContain(text(locale, "unused_credit", "beginner"));
      if (locale === "vi") expect(page).not.toContain("change for the rest of the period");
    }
  }, 60_000);

  it("an invoice stored before lines existed reads as one line in the reader's language", async () => {
    const owner = await upgradedOwner();
    const checkout = (await invoicesIn(owner, "en")).find((i) => i.kind === "checkout")!;
    await sql("update invoices set lines = null where number = $1", [checkout.number]);
    for (const locale of ["en", "vi"] as const) {
      const again = (await invoicesIn(owner, locale)).find((i) => i.number === checkout.number)!;
      expect(again.lines).toEqual([
        { description: text(locale, "checkout", "beginner"), amount: again.total },
      ]);
      expect(await printable(owner, locale, checkout.number)).toContain(text(locale, "checkout", "beginner"));
    }
  }, 60_000);
});
