import "server-only";
/**
 * What each plan allows, in one place (AGENT-2, AGENT-4, CHAT-8). Until billing arrives every owner is on
 * the free plan; billing will change only `planOf`, and every caller already asks `limitsFor(user)`.
 */

export type PlanId = "free";

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
});

export const plans: Readonly<Record<PlanId, PlanLimits>> = Object.freeze({ free: FREE });

/** The plan of an owner; signed-out callers (public chat) are judged by the agent owner's plan. */
export function planOf(_user: { id: string } | null | undefined): PlanId {
  return "free";
}

export function limitsFor(user: { id: string } | null | undefined): PlanLimits {
  return plans[planOf(user)];
}
