import "server-only";
import { randomBytes } from "node:crypto";
import type { OwnerAgent, PublicAgent } from "@/lib/contracts/agent";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/routing";
import type { AgentLanguage } from "@/lib/shared/agent-fields";
import { widgetSettingsOf } from "@/lib/shared/widget";
import { forgetAnsweringAgent } from "./answering-agent";
import { defaultFallback, defaultGreeting, defaultGreetingLocale, isDefaultFallback } from "./defaults";

import type { AgentInput } from "./input";
import { isPublicId } from "./public-id";
import {
  type AgentPatch,
  type AgentRow,
  agentByPublicId,
  firstAgentOfWorkspace,
  insertAgent,
  lockAgentsOf,
  updateAgent,
} from "./queries";

/** The owner's view and the public view of an agent are their contracts' (lib/contracts/agent.ts). */
export type { OwnerAgent, PublicAgent };

/**
 * A new agent's public id: `agent_` + 12 url-safe characters (72 random bits), so ids cannot be guessed
 * from one another and a shared link reveals nothing about other agents.
 */
export function newAgentPublicId(): string {
  return `agent_${randomBytes(9).toString("base64url")}`;
}

const languageOf = (v: string): AgentLanguage => (v === "en" || v === "vi" ? v : "auto");

export function ownerView(row: AgentRow, locale: Locale): OwnerAgent {
  return {
    id: row.publicId,
    name: row.name,
    kind: row.kind,
    instructions: row.instructions,
    // Stored on creation; a row written without them (a seed, an import) still reads sensibly.
    greeting: row.greeting ?? defaultGreeting(locale, row.name),
    visitor_greeting: visitorGreeting(row, locale),
    suggested_questions: row.suggestedQuestions,
    icon: row.icon,
    suggested_question_icons: iconsOfQuestions(row.suggestedQuestions, row.suggestedQuestionIcons),
    fallback_message: row.fallbackMessage ?? defaultFallback(locale),
    language: languageOf(row.language),
    model: row.model,
    daily_share: row.dailyShare,
    allowed_domains: row.allowedDomains,
    widget: widgetSettingsOf(row.widget),
    handoff: row.handoff,
    inserted_at: row.insertedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A greeting or fallback the owner never changed is the default of the language they set up in; when the
 * agent answers in the visitor's language, a visitor reads it in the page's language instead. Texts the
 * owner wrote are theirs and shown as written, as are the defaults of an agent set to one language.
 */
function visitorGreeting(row: AgentRow, locale: Locale): string {
  const untouched = row.greeting === null || defaultGreetingLocale(row.greeting, row.name) !== null;
  if (languageOf(row.language) === "auto" && untouched) return defaultGreeting(locale, row.name);
  return row.greeting ?? defaultGreeting(locale, row.name);
}

export function publicView(row: AgentRow, locale: Locale): PublicAgent {
  const view = ownerView(row, locale);
  const { id, name, kind, greeting, suggested_questions, icon, suggested_question_icons } = view;
  const { fallback_message, language } = view;
  if (language !== "auto")
    return {
      id,
      name,
      kind,
      greeting,
      suggested_questions,
      icon,
      suggested_question_icons,
      fallback_message,
      language,
    };
  return {
    id,
    name,
    kind,
    greeting: view.visitor_greeting,
    suggested_questions,
    icon,
    suggested_question_icons,
    fallback_message: isDefaultFallback(row.fallbackMessage) ? defaultFallback(locale) : fallback_message,
    language,
  };
}

/** An id that cannot be a public id is simply not found: nothing to look up. */
export async function publicAgent(db: Db, publicId: string, locale: Locale): Promise<PublicAgent | null> {
  if (!isPublicId(publicId)) return null;
  const row = await agentByPublicId(db, publicId);
  return row ? publicView(row, locale) : null;
}

/** Where a new agent goes: its workspace, and the workspace owner whose plan and allowance it spends. */
export type AgentHome = { workspaceId: string; ownerId: string };

/**
 * POST /api/v1/agent: saves the chosen agent (`current`), or creates the workspace's first one when it has
 * none yet. On creation absent fields get their defaults, greeting and fallback in the owner's language
 * (`locale`); on update absent fields keep their values, and an emptied greeting or fallback goes back to
 * the default. Two first saves at once (two tabs) make one agent: the second updates the first's.
 */
export async function saveAgent(
  db: Db,
  home: AgentHome,
  current: AgentRow | null,
  input: AgentInput,
  locale: Locale,
): Promise<{ agent: OwnerAgent; created: boolean }> {
  if (!current) {
    const made = await db.transaction(async (tx) => {
      const t: Db = tx;
      await lockAgentsOf(t, home.workspaceId);
      const first = await firstAgentOfWorkspace(t, home.workspaceId);
      return first
        ? { row: first, created: false }
        : { row: await createAgent(t, home, input, locale), created: true };
    });
    if (made.created) return { agent: ownerView(made.row, locale), created: true };
    current = made.row;
  }
  const updated = await updateAgent(db, current.id, patchFor(current, input, locale));
  if (!updated) throw new Error("agent vanished while saving");
  // Visitors' next messages are answered as saved, on every instance.
  forgetAnsweringAgent(updated.publicId);
  return { agent: ownerView(updated, locale), created: false };
}

/** A new agent in a workspace; the caller has checked the plan's agent limit under the workspace's lock. */
export async function createAgent(db: Db, home: AgentHome, input: AgentInput, locale: Locale) {
  const values = {
    ownerId: home.ownerId,
    workspaceId: home.workspaceId,
    name: input.name,
    kind: input.kind ?? "business",
    instructions: input.instructions ?? "",
    greeting: input.greeting ?? defaultGreeting(locale, input.name),
    suggestedQuestions: input.suggested_questions ?? [],
    icon: input.icon ?? null,
    suggestedQuestionIcons: iconsOfQuestions(input.suggested_questions ?? [], input.suggested_question_icons),
    fallbackMessage: input.fallback_message ?? defaultFallback(locale),
    language: input.language ?? "auto",
    model: input.model ?? null,
    dailyShare: input.daily_share ?? null,
    allowedDomains: input.allowed_domains ?? [],
    widget: { ...widgetSettingsOf({}), ...definedOf(input.widget) },
    handoff: input.handoff ?? "after_fallback",
  };
  // 72 random bits make a collision practically impossible; a retry costs nothing if one happens.
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertAgent(db, { ...values, publicId: newAgentPublicId() });
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err;
    }
  }
}

function patchFor(current: AgentRow, input: AgentInput, locale: Locale): AgentPatch {
  const patch: AgentPatch = { name: input.name };
  if (input.kind !== undefined) patch.kind = input.kind;
  if (input.instructions !== undefined) patch.instructions = input.instructions;
  if (input.suggested_questions !== undefined) patch.suggestedQuestions = input.suggested_questions;
  if (input.icon !== undefined) patch.icon = input.icon;
  if (input.suggested_questions !== undefined || input.suggested_question_icons !== undefined) {
    patch.suggestedQuestionIcons = iconsOfQuestions(
      input.suggested_questions ?? current.suggestedQuestions,
      input.suggested_question_icons ?? current.suggestedQuestionIcons,
    );
  }
  if (input.language !== undefined) patch.language = input.language;
  if (input.model !== undefined) patch.model = input.model;
  if (input.daily_share !== undefined) patch.dailyShare = input.daily_share;
  if (input.allowed_domains !== undefined) patch.allowedDomains = input.allowed_domains;
  if (input.handoff !== undefined) patch.handoff = input.handoff;
  if (input.widget !== undefined)
    patch.widget = { ...widgetSettingsOf(current.widget), ...definedOf(input.widget) };
  if (input.fallback_message !== undefined)
    patch.fallbackMessage = input.fallback_message ?? defaultFallback(locale);
  if (input.greeting !== undefined) {
    patch.greeting = input.greeting ?? defaultGreeting(locale, input.name);
  } else if (input.name !== current.name) {
    // A greeting the owner never wrote follows the renamed agent ("…assistant of <old name>" would be wrong).
    const defaultIn = defaultGreetingLocale(current.greeting, current.name);
    if (defaultIn) patch.greeting = defaultGreeting(defaultIn, input.name);
  }
  return patch;
}

/** Icons of the questions there are: one of a removed question goes with it. */
function iconsOfQuestions(
  questions: readonly string[],
  icons: Record<string, string> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    const icon = icons && Object.hasOwn(icons, q) ? icons[q] : undefined;
    if (icon) out[q] = icon;
  }
  return out;
}

/** The fields a partial update names; an absent one keeps its value. */
function definedOf<T extends object>(v: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x !== undefined)) as Partial<T>;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}
