import type { AgentKind } from "./agent-kinds";

/**
 * The agent's field rules that the setup form shares with the API (AGENT-1). No imports beyond types:
 * the browser bundle takes this file, and must not take the schema or zod with it.
 */
export const agentFieldLimits = {
  name: 120,
  instructions: 4_000,
  greeting: 500,
  fallbackMessage: 500,
  suggestedQuestions: 6,
  suggestedQuestion: 200,
  model: 100,
} as const;

/** In the order the setup form offers them. */
export const agentKindChoices = [
  "individual",
  "business",
  "government",
] as const satisfies readonly AgentKind[];

/** `auto`: answer in the visitor's language; `en` / `vi`: always that one. */
export const agentLanguages = ["auto", "en", "vi"] as const;
export type AgentLanguage = (typeof agentLanguages)[number];

/**
 * The daily ceilings the setup form offers, in percent of the month a day (100: none); the API takes any
 * whole number from 1 to 100.
 */
export const dailyShareChoices = [10, 20, 35, 50, 100] as const;
