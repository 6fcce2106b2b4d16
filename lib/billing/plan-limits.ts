import "server-only";
/**
 * What each plan allows, in one place (AGENT-2, AGENT-4, CHAT-8, BILL-1). Limits are code, not configuration:
 * prices and which plans are on sale are configuration (lib/billing/plans.ts).
 *
 * `limitsFor(user)` is synchronous and answers the free plan (test fixtures): an owner's current entitlement
 * needs the database, so every limit check asks `currentLimits(db, ownerId)` in lib/limits/entitlement.ts.
 */

export const planIds = ["free", "beginner", "starter", "business", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];

/**
 * Which language models an agent may choose (CHAT-3): `default` = the built-in mode and the first configured
 * model (the one every agent answers with unless it picks another); `any` = every configured model.
 */
export const modelChoices = ["default", "any"] as const;
export type ModelChoice = (typeof modelChoices)[number];

export type PlanLimits = {
  readonly plan: PlanId;
  /** pages one website crawl may fetch (AGENT-4) */
  readonly crawlPagesPerSite: number;
  /** bytes of one uploaded file (AGENT-2: "at most 1 MB each") */
  readonly maxFileBytes: number;
  /** files in one upload request; more are refused with the rest of the batch accepted */
  readonly maxFilesPerUpload: number;
  /** files, snippets and websites one agent may learn from */
  readonly documentsPerAgent: number;
  /** characters of text one agent may learn, all documents together */
  readonly charactersPerAgent: number;
  /** characters learned from one document; the rest is cut with a note saying so */
  readonly charactersPerDocument: number;
  /** visitor messages answered per calendar month (CHAT-8) */
  readonly monthlyMessages: number;
  readonly modelChoice: ModelChoice;
  /** whether the chat page and widget may hide "Powered by AgentCity" */
  readonly canHideBranding: boolean;
};

const MB = 1024 * 1024;

/** Frozen: a caller that adjusts a limit for one request must not change it for every later one. */
const FREE: PlanLimits = Object.freeze({
  plan: "free",
  crawlPagesPerSite: 50,
  maxFileBytes: 1 * MB,
  maxFilesPerUpload: 20,
  documentsPerAgent: 100,
  charactersPerAgent: 2_000_000,
  charactersPerDocument: 500_000,
  monthlyMessages: 200,
  modelChoice: "default",
  canHideBranding: false,
});

// Each paid step gives roughly 3–5× the one below, so an owner outgrowing a plan finds the next one fits.
const BEGINNER: PlanLimits = Object.freeze({
  plan: "beginner",
  crawlPagesPerSite: 200,
  maxFileBytes: 2 * MB,
  maxFilesPerUpload: 20,
  documentsPerAgent: 300,
  charactersPerAgent: 6_000_000,
  charactersPerDocument: 500_000,
  monthlyMessages: 2_000,
  modelChoice: "any",
  canHideBranding: false,
});

const STARTER: PlanLimits = Object.freeze({
  plan: "starter",
  crawlPagesPerSite: 1_000,
  maxFileBytes: 5 * MB,
  maxFilesPerUpload: 50,
  documentsPerAgent: 1_000,
  charactersPerAgent: 20_000_000,
  charactersPerDocument: 1_000_000,
  monthlyMessages: 10_000,
  modelChoice: "any",
  canHideBranding: true,
});

const BUSINESS: PlanLimits = Object.freeze({
  plan: "business",
  crawlPagesPerSite: 5_000,
  maxFileBytes: 10 * MB,
  maxFilesPerUpload: 100,
  documentsPerAgent: 5_000,
  charactersPerAgent: 100_000_000,
  charactersPerDocument: 2_000_000,
  monthlyMessages: 50_000,
  modelChoice: "any",
  canHideBranding: true,
});

/** The starting point of a sales conversation; a signed contract may raise it. */
const ENTERPRISE: PlanLimits = Object.freeze({
  plan: "enterprise",
  crawlPagesPerSite: 20_000,
  maxFileBytes: 20 * MB,
  maxFilesPerUpload: 100,
  documentsPerAgent: 20_000,
  charactersPerAgent: 500_000_000,
  charactersPerDocument: 5_000_000,
  monthlyMessages: 250_000,
  modelChoice: "any",
  canHideBranding: true,
});

export const plans: Readonly<Record<PlanId, PlanLimits>> = Object.freeze({
  free: FREE,
  beginner: BEGINNER,
  starter: STARTER,
  business: BUSINESS,
  enterprise: ENTERPRISE,
});

/**
 * People a workspace's plan seats (issue 45): members and pending invitations together; null is no limit
 * (Enterprise, by contract). A workspace past its seats after a downgrade keeps its members and invites no more.
 */
export const seatsByPlan: Readonly<Record<PlanId, number | null>> = Object.freeze({
  free: 1,
  beginner: 2,
  starter: 5,
  business: 20,
  enterprise: null,
});

/**
 * Agents a workspace's plan holds (issue 45); null is no limit (Enterprise, by contract). A workspace past
 * it after a downgrade keeps every agent it has and creates no more.
 */
export const agentsByPlan: Readonly<Record<PlanId, number | null>> = Object.freeze({
  free: 1,
  beginner: 1,
  starter: 3,
  business: 10,
  enterprise: null,
});

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (planIds as readonly string[]).includes(value);
}

/** The plan of an owner; signed-out callers (public chat) are judged by the agent owner's plan. */
export function planOf(_user: { id: string } | null | undefined): PlanId {
  return "free";
}

export function limitsFor(user: { id: string } | null | undefined): PlanLimits {
  return plans[planOf(user)];
}

/**
 * The models an agent on this plan may choose among the configured ones (the first is the default), besides
 * the built-in mode, which every plan has.
 */
export function allowedModelIds(limits: PlanLimits, configured: readonly string[]): string[] {
  return limits.modelChoice === "any" ? [...configured] : configured.slice(0, 1);
}
