import type { AgentLanguage } from "./agent-fields";
import type { AgentKind } from "./agent-kinds";

/** The owner's view of their agent (GET/POST /api/v1/agent). `id` is the public id; the uuid stays inside. */
export type OwnerAgent = {
  id: string;
  name: string;
  kind: AgentKind;
  instructions: string;
  greeting: string;
  /** What a visitor reading this language sees first (the owner's own chat shows the same). */
  visitor_greeting: string;
  suggested_questions: string[];
  fallback_message: string;
  language: AgentLanguage;
  model: string | null;
  inserted_at: string;
  updated_at: string;
};

/**
 * What anyone may see (AGENT-7): what the chat page shows. The fallback message is said to visitors anyway;
 * instructions, model, owner and dates are the owner's business.
 */
export type PublicAgent = Pick<
  OwnerAgent,
  "id" | "name" | "kind" | "greeting" | "suggested_questions" | "fallback_message" | "language"
>;
