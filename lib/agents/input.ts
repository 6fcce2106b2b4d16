import "server-only";
import { z } from "zod";
import { agentKinds } from "@/lib/db/schema";
import { jsonLimitFor } from "@/lib/http/respond";
import { cleanLine, cleanText } from "@/lib/http/text-hygiene";
import { agentFieldLimits, agentLanguages } from "@/lib/shared/agent-fields";

export { type AgentLanguage, agentFieldLimits, agentLanguages } from "@/lib/shared/agent-fields";

// Names and questions are shown as titles and buttons: one line (lib/http/text-hygiene.ts says why).
const line = (max: number) => z.string().overwrite(cleanLine).max(max);
const block = (max: number) =>
  z
    .string()
    .overwrite((s) => cleanText(s).trim())
    .max(max);

/** Empty means "use the default" for texts that have one. */
const emptyToNull = (v: string | null | undefined) => (v === "" ? null : v);

/**
 * The body of POST /api/v1/agent. Only `name` is required; an absent field keeps its stored value (or gets
 * its default on creation). Unknown keys are ignored so a client can post back what GET gave it.
 *
 * `model` is a model id (at most 100 characters; GET /api/v1/models lists the configured ones, and
 * "builtin") or null for the default. It is not checked against today's list: models come and go from
 * configuration, so the chat falls back to the default whenever the stored one is not configured.
 */
export const agentInputSchema = z.object({
  name: line(agentFieldLimits.name).min(1),
  kind: z.enum(agentKinds).optional(),
  instructions: block(agentFieldLimits.instructions).optional(),
  greeting: block(agentFieldLimits.greeting).nullable().optional().transform(emptyToNull),
  suggested_questions: z
    .array(line(agentFieldLimits.suggestedQuestion))
    .max(agentFieldLimits.suggestedQuestions)
    // Blank rows of the form are dropped, and a question asked twice is shown once.
    .transform((qs) => [...new Set(qs.filter(Boolean))])
    .optional(),
  fallback_message: block(agentFieldLimits.fallbackMessage).nullable().optional().transform(emptyToNull),
  language: z.enum(agentLanguages).optional(),
  model: z
    .string()
    .trim()
    .max(agentFieldLimits.model)
    .regex(/^$|^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/)
    .nullable()
    .optional()
    .transform(emptyToNull),
});

export type AgentInput = z.infer<typeof agentInputSchema>;

/** Every text of the form at its longest; what GET adds and a client posts back fits in the slack. */
export const AGENT_BODY_LIMIT = jsonLimitFor(
  agentFieldLimits.name +
    agentFieldLimits.instructions +
    agentFieldLimits.greeting +
    agentFieldLimits.fallbackMessage +
    agentFieldLimits.suggestedQuestions * agentFieldLimits.suggestedQuestion +
    agentFieldLimits.model,
);
