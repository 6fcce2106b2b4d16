import { z } from "zod";
import { agentFieldLimits, agentKindChoices, agentLanguages } from "@/lib/shared/agent-fields";
import type { AgentKind } from "@/lib/shared/agent-kinds";
import { iconNameSchema } from "@/lib/shared/icons";
import { COLOR_SHAPE, normalizeHostPattern, widgetLimits, widgetPositions } from "@/lib/shared/widget";
import { defineRoute, type Same } from "./contract";
import { block, instant, jsonLimitFor, line } from "./fields";

/** The owner's agent (AGENT-1) and what visitors may know of it (AGENT-7). */

const kinds = agentKindChoices;
/** When a visitor may ask for a person (issue 46); the database's check says the same. */
const handoffChoices = ["always", "after_fallback", "never"] as const;
const _kindsMatchDatabase: Same<(typeof kinds)[number], AgentKind> = true;

/** Empty means "use the default" for texts that have one. */
const emptyToNull = (v: string | null | undefined) => (v === "" ? null : v);

/**
 * Host patterns typed by people ("https://Shop.example.com/", "*.example.com") kept as compared: lower-case
 * host names, duplicates dropped. One that is not a host name is refused with its position.
 */
const allowedDomainsSchema = z
  .array(z.string().max(widgetLimits.domain + 10))
  .max(widgetLimits.domains)
  .transform((list, ctx) => {
    const out: string[] = [];
    list.forEach((raw, i) => {
      if (!raw.trim()) return;
      const host = normalizeHostPattern(raw);
      if (host === null) ctx.addIssue({ code: "custom", path: [i], message: "fields.host" });
      else if (!out.includes(host)) out.push(host);
    });
    return out;
  })
  .describe("host names allowed to embed the widget (`example.com`, `*.example.com`); empty for any site");

const widgetInputSchema = z
  .object({
    color: z
      .string()
      .trim()
      .toLowerCase()
      .regex(COLOR_SHAPE)
      .optional()
      .describe("the launcher's colour, #rrggbb"),
    position: z.enum(widgetPositions).optional().describe("the corner of the launcher"),
    label: line(widgetLimits.label)
      .nullable()
      .optional()
      .transform(emptyToNull)
      .describe("words beside the launcher's icon; empty or null for the icon alone"),
    open_on_load: z.boolean().optional().describe("open the chat as soon as the page loads"),
    hide_branding: z
      .boolean()
      .optional()
      .describe('leave out "Powered by", where the plan allows it (shown anyway otherwise)'),
  })
  .describe("the website widget's look; absent fields keep their values");

/**
 * The body of POST /api/v1/agent. Only `name` is required; an absent field keeps its stored value (or gets
 * its default on creation). Unknown keys are ignored so a client can post back what GET gave it.
 *
 * `model` is a model id (at most 100 characters; GET /api/v1/models lists the configured ones, and
 * "builtin") or null for the default. It is not checked against today's list: models come and go from
 * configuration, so the chat falls back to the default whenever the stored one is not configured.
 */
export const agentInputSchema = z.object({
  name: line(agentFieldLimits.name).min(1).describe("the agent's name, one line"),
  kind: z.enum(kinds).optional().describe("who the agent speaks for"),
  instructions: block(agentFieldLimits.instructions).optional().describe("how the agent should answer"),
  greeting: block(agentFieldLimits.greeting)
    .nullable()
    .optional()
    .transform(emptyToNull)
    .describe("the first message visitors see; empty or null for the default"),
  suggested_questions: z
    .array(line(agentFieldLimits.suggestedQuestion))
    .max(agentFieldLimits.suggestedQuestions)
    // Blank rows of the form are dropped, and a question asked twice is shown once.
    .transform((qs) => [...new Set(qs.filter(Boolean))])
    .optional()
    .describe("questions offered as buttons"),
  icon: iconNameSchema
    .or(z.literal(""))
    .nullable()
    .optional()
    .transform(emptyToNull)
    .describe("the agent's icon, a lucide icon name (`coffee`); empty or null for the default"),
  suggested_question_icons: z
    .record(line(agentFieldLimits.suggestedQuestion), iconNameSchema)
    .refine((icons) => Object.keys(icons).length <= agentFieldLimits.suggestedQuestions, {
      message: "too many",
    })
    .optional()
    .describe("suggested questions' icons, by question; a question not named here has none"),
  fallback_message: block(agentFieldLimits.fallbackMessage)
    .nullable()
    .optional()
    .transform(emptyToNull)
    .describe("said when the documents hold no answer; empty or null for the default"),
  language: z.enum(agentLanguages).optional().describe("`auto` answers in the visitor's language"),
  model: z
    .string()
    .trim()
    .max(agentFieldLimits.model)
    .regex(/^$|^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/)
    .nullable()
    .optional()
    .transform(emptyToNull)
    .describe("a model id from GET /api/v1/models, or null for the default"),
  allowed_domains: allowedDomainsSchema.optional(),
  widget: widgetInputSchema.optional(),
  daily_share: z
    .number()
    .int()
    .min(1)
    .max(100)
    .nullable()
    .optional()
    .describe(
      "the most of the month's messages visitors may use in one day, in percent (100: no daily ceiling); null for the server's default",
    ),
  handoff: z
    .enum(handoffChoices)
    .optional()
    .describe("when a visitor is offered a person: always, after a fallback answer, or never"),
});

export type AgentInput = z.infer<typeof agentInputSchema>;

/** Every text of the form at its longest; what GET adds and a client posts back fits in the slack. */
export const AGENT_BODY_LIMIT =
  jsonLimitFor(
    agentFieldLimits.name +
      agentFieldLimits.instructions +
      agentFieldLimits.greeting +
      agentFieldLimits.fallbackMessage +
      // Each question again as the key of its icon.
      2 * agentFieldLimits.suggestedQuestions * (agentFieldLimits.suggestedQuestion + 70) +
      agentFieldLimits.model +
      widgetLimits.label,
  ) +
  // Room for the allowed domains as sites are named (80 characters each on average): a longer list is
  // refused as too large, like any other body past what the form can send.
  widgetLimits.domains * 80;

const widgetSchema = z.object({
  color: z.string().describe("#rrggbb"),
  position: z.enum(widgetPositions),
  label: z.string().nullable(),
  open_on_load: z.boolean(),
  hide_branding: z.boolean(),
});

/** The owner's view of their agent. `id` is the public id; the uuid stays inside. */
export const ownerAgentSchema = z.object({
  id: z.string().describe("the agent's public id, as in /{lang}/c/{id}"),
  name: z.string(),
  kind: z.enum(kinds),
  instructions: z.string(),
  greeting: z.string(),
  visitor_greeting: z
    .string()
    .describe("what a visitor reading this language sees first (the owner's own chat shows the same)"),
  suggested_questions: z.array(z.string()),
  icon: z.string().nullable().describe("the agent's icon in the lucide collection; null: the default"),
  suggested_question_icons: z
    .record(z.string(), z.string())
    .describe("suggested questions' icons, by question"),
  fallback_message: z.string(),
  language: z.enum(agentLanguages),
  model: z.string().nullable(),
  daily_share: z
    .number()
    .int()
    .nullable()
    .describe("the most of the month's messages visitors may use in one day, in percent; null: the default"),
  allowed_domains: z.array(z.string()).describe("host names allowed to embed the widget; empty for any site"),
  widget: widgetSchema.describe("the website widget's look"),
  handoff: z.enum(handoffChoices).describe("when a visitor is offered a person"),
  inserted_at: instant,
  updated_at: instant,
});
export type OwnerAgent = z.infer<typeof ownerAgentSchema>;

/**
 * What anyone may see: what the chat page shows. The fallback message is said to visitors anyway;
 * instructions, model, owner and dates are the owner's business.
 */
export const publicAgentSchema = ownerAgentSchema.pick({
  id: true,
  name: true,
  kind: true,
  greeting: true,
  suggested_questions: true,
  icon: true,
  suggested_question_icons: true,
  fallback_message: true,
  language: true,
});
export type PublicAgent = z.infer<typeof publicAgentSchema>;

export const agentListedSchema = z.object({
  id: z.string().describe("the agent's public id, as in /{lang}/c/{id} and `agent_id`"),
  name: z.string(),
  kind: ownerAgentSchema.shape.kind,
  documents: z.number().int().describe("files, snippets and websites it learns from"),
  conversations: z.number().int(),
});
export type AgentListed = z.infer<typeof agentListedSchema>;

const agentChoice = z.object({
  agent_id: z.string().max(64).describe("the agent's public id"),
});

export const agentContracts = {
  listAgents: defineRoute({
    method: "GET",
    path: "/api/v1/agents",
    auth: "user",
    summary: "The current workspace's agents, the first made first, with how much each holds.",
    data: z.array(agentListedSchema),
  }),
  createAgent: defineRoute({
    method: "POST",
    path: "/api/v1/agents",
    auth: "user",
    summary:
      "Creates another agent in the current workspace (editor and up); past the plan's agents a translated 403 `limit_agents`.",
    body: agentInputSchema,
    bodyLimit: AGENT_BODY_LIMIT,
    data: ownerAgentSchema,
  }),
  deleteAgent: defineRoute({
    method: "DELETE",
    path: "/api/v1/agents/:id",
    auth: "user",
    summary:
      "Deletes one of the workspace's agents (editor and up, typing its name) with its documents, files, passages, conversations and widget settings; 409 while documents are being learned.",
    params: z.object({ id: z.string().max(64) }),
    notFound: "agent_not_found",
    body: z.object({ confirm_name: z.string().max(200).describe("the agent's name, exactly") }),
    data: z.object({
      documents: z.number().int(),
      conversations: z.number().int(),
    }),
  }),
  switchAgent: defineRoute({
    method: "POST",
    path: "/api/v1/agents/switch",
    auth: "user",
    summary:
      "Makes one of the workspace's agents the one this browser's pages and `/api/v1/agent/…` calls act on; any other id is a 404.",
    body: agentChoice,
    data: agentListedSchema.pick({ id: true, name: true, kind: true }),
  }),
  getAgent: defineRoute({
    method: "GET",
    path: "/api/v1/agent",
    auth: "owner-agent",
    summary:
      "The agent the request acts on (`agent_id`, else this browser's choice, else the workspace's first); 404 until setup has saved one.",
    data: ownerAgentSchema,
  }),
  saveAgent: defineRoute({
    method: "POST",
    path: "/api/v1/agent",
    auth: "user",
    summary:
      "Updates the agent the request acts on (200), or creates the workspace's first agent (201) when it has none.",
    body: agentInputSchema,
    bodyLimit: AGENT_BODY_LIMIT,
    data: ownerAgentSchema,
  }),
  getPublicAgent: defineRoute({
    method: "GET",
    path: "/api/v1/public/agent/:id",
    auth: "none",
    summary: "What a visitor may know about an agent, without a token.",
    params: z.object({ id: z.string().describe("the agent's public id") }),
    data: publicAgentSchema,
  }),
};
