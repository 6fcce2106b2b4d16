import "server-only";
import type { PlanLimits } from "@/lib/billing/plan-limits";
import { planName } from "@/lib/billing/plans";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";

/** Why a document was refused by the plan's per-agent limits (BILL-7), stored as a key and its values. */
/** Keys of reasons that name the plan and one of its limits; a person can lift them by upgrading. */
export const planReasonKeys = [
  "limit_documents",
  "limit_characters",
  "ingest_truncated",
  "ingest_truncated_agent",
] as const;
export type PlanReasonKey = (typeof planReasonKeys)[number];

/**
 * A reason as stored in a document's `error` column: the message key plus the plan and limit it names, so
 * the list can say "the Free plan's 500,000 characters" in the reader's language long after the fact.
 */
export function planReason(key: PlanReasonKey, limits: PlanLimits, limit: number): string {
  return `${key}?${new URLSearchParams({ plan: limits.plan, limit: String(limit) })}`;
}

export type DecodedReason = { key: string; values: Record<string, string>; upgrade: boolean };

/** The other way: a stored reason back to its key and values; plain keys come back as they are. */
export function decodeReason(stored: string): DecodedReason {
  const at = stored.indexOf("?");
  if (at < 0) return { key: stored, values: {}, upgrade: false };
  const key = stored.slice(0, at);
  const values = Object.fromEntries(new URLSearchParams(stored.slice(at + 1)));
  return { key, values, upgrade: (planReasonKeys as readonly string[]).includes(key) };
}

/** The translated text of a stored reason: the plan by its name in `locale`, the limit as a number there. */
export function reasonText(locale: Locale, stored: string): string {
  const { key, values } = decodeReason(stored);
  const filled: Record<string, string> = { ...values };
  if (values.plan) filled.plan = planName(values.plan, locale);
  if (values.limit) filled.limit = Number(values.limit).toLocaleString(locale === "vi" ? "vi-VN" : "en-US");
  return translate(locale, `errors.${key}`, filled);
}

/** Where an owner lifts a plan limit. */
export const upgradePath = (locale: Locale) => `/${locale}/pricing`;
