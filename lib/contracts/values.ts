/**
 * Constants of the contracts that the browser needs as values. Kept apart from the schemas so client code
 * can import them without bringing zod and every area's contract into its bundle.
 */

/** A question is capped before anything is stored or sent. */
export const MAX_QUESTION_CHARS = 4000;

/** The longest name of an owner API key (BEYOND-3), in characters. */
export const API_KEY_NAME_CHARS = 60;

/** Why a public message was refused, as insight counts them. */
export const REFUSAL_REASONS = [
  "visitor_minute",
  "address_minute",
  "agent_minute",
  "challenge",
  "visitor_day",
  "address_day",
  "agent_day",
  "allowance",
] as const;
