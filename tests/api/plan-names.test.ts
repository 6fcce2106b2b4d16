import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { baseUrl, bearerCall } from "../helpers/http";
import { ownerGql } from "../helpers/sandbox-purchase";
import { type SignedIn, signInWithCode } from "../helpers/session";

/**
 * Plan names one way per language (issue 43 item 14): the Vietnamese pages say Khởi đầu / Cơ bản /
 * Doanh nghiệp (planName in lib/billing/plans.ts), never Beginner / Starter / Business, and "Vận hành bởi
 * AgentCity"; the Files card says the owner's own plan's file size (Beginner accepts 2 MB, not 1 MB).
 */
const catalogue = { en, vi } as const;
const starter = { en: "Starter", vi: "Cơ bản" } as const;

/** Every string value of a message tree. */
function texts(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  if (tree && typeof tree === "object") return Object.values(tree).flatMap(texts);
  return [];
}

/** The page's visible text as the server rendered it (entities decoded, tags gone). */
async function pageText(path: string, owner?: SignedIn): Promise<string> {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: owner ? { cookie: owner.cookies.join("; ") } : {},
    redirect: "manual",
  });
  expect(res.status, path).toBe(200);
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

const gql = ownerGql;

/** A signed-in owner with an agent, on the Beginner plan when `beginner` (bought with the sandbox's 4242). */
async function owner(beginner: boolean): Promise<SignedIn> {
  const signedIn = await signInWithCode(
    baseUrl(),
    `plan-names-${randomBytes(4).toString("hex")}@example.test`,
  );
  const agent = await bearerCall(signedIn.access, "POST", "/api/v1/agent", {
    name: "Names",
    kind: "business",
  });
  expect(agent.status).toBe(201);
  if (!beginner) return signedIn;
  const started = await gql<{ create_payment_token: { token: string } }>(
    signedIn,
    `mutation C($input: PaymentTokenInput!) { create_payment_token(input: $input) { token } }`,
    { input: { plan: "beginner", cycle: "monthly", currency: "VND" } },
  );
  const paid = await bearerCall(signedIn.access, "POST", "/api/v1/billing/sandbox/pay", {
    token: started.create_payment_token.token,
    card_number: "4242 4242 4242 4242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "123",
  });
  expect(paid.status).toBe(200);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { subscription } = await gql<{ subscription: { status: string } | null }>(
      signedIn,
      "{ subscription { status } }",
    );
    if (subscription?.status === "active") return signedIn;
    if (Date.now() > deadline) throw new Error(`subscription still ${subscription?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("plan names, one way per language", () => {
  it("no Vietnamese message names a plan in English or says Powered by", () => {
    const english = /\b(Beginner|Starter|Business|Enterprise)\b|Powered by/;
    expect(texts(vi).filter((text) => english.test(text))).toEqual([]);
  });

  it.each(["en", "vi"] as const)("%s pricing says the branding line in its own language", async (locale) => {
    const text = await pageText(`/${locale}/pricing`);
    const shown = catalogue[locale].pricing.limits.brandingShown;
    expect(text).toContain(shown);
    expect(shown).toContain(locale === "vi" ? "Vận hành bởi AgentCity" : "Powered by AgentCity");
    if (locale === "vi") expect(text).not.toContain("Powered by");
  });

  it.each(["en", "vi"] as const)("%s pricing says each plan's agents, team and channels", async (locale) => {
    const text = await pageText(`/${locale}/pricing`);
    const lines = catalogue[locale].pricing.limits;
    expect(text).toContain(lines.channelsNone);
    expect(text).toContain(lines.channels);
    if (locale === "vi") {
      expect(text).toContain("3 trợ lý");
      expect(text).toContain("20 thành viên nhóm");
    } else {
      expect(text).toContain("3 agents");
      expect(text).toContain("20 team members");
    }
  });

  it.each(["en", "vi"] as const)(
    "%s widget page names the plan that may hide the branding as planName does",
    async (locale) => {
      const text = await pageText(`/${locale}/setup/widget`, await owner(false));
      expect(text).toContain(
        catalogue[locale].widgetSetup.hideBrandingPlan.replace("{plan}", starter[locale]),
      );
    },
  );

  it.each(["en", "vi"] as const)("%s Files card states the owner's plan's file size", async (locale) => {
    const hint = (size: string) => catalogue[locale].training.filesHint.replace("{size}", size);
    expect(await pageText(`/${locale}/setup/files`, await owner(false))).toContain(hint("1 MB"));
    const beginner = await pageText(`/${locale}/setup/files`, await owner(true));
    expect(beginner).toContain(hint("2 MB"));
    expect(beginner).not.toContain(hint("1 MB"));
  });
});
