import { z } from "zod";
import { cleanLine, cleanText } from "@/lib/shared/text-hygiene";
import { defineRoute } from "./contract";
import { instant, jsonLimitFor, maxChars } from "./fields";

/**
 * Taught answers (issue 44): the owner's own answer to a question, given word for word when a visitor asks
 * something close to one of its phrasings, in either language.
 */

export const QUESTION_MAX = 500;
export const ANSWER_MAX = 5_000;
export const PHRASINGS_MAX = 10;

// One line, trimmed, never empty; lengths as people count characters.
const question = z
  .string()
  .overwrite(cleanLine)
  .min(1)
  .pipe(maxChars(QUESTION_MAX))
  .describe("one way a visitor may ask it, at most 500 characters");
const answer = z
  .string()
  .overwrite((s) => cleanText(s).trim())
  .min(1)
  .pipe(maxChars(ANSWER_MAX))
  .describe("the answer given word for word, at most 5,000 characters");
const questions = z
  .array(question)
  .min(1)
  .max(PHRASINGS_MAX)
  .describe("up to 10 phrasings of the question, in either language");

export const taughtAnswerSchema = z.object({
  id: z.string().describe("the taught answer's uuid"),
  questions: z.array(z.string()).describe("the phrasings of the question"),
  answer: z.string().describe("the answer given word for word"),
  inserted_at: instant,
  updated_at: instant,
});
export type TaughtAnswerItem = z.infer<typeof taughtAnswerSchema>;

/** One phrasing as `question`, or several as `questions` (both: `question` comes first). */
export const teachSchema = z
  .object({ question: question.optional(), questions: questions.optional(), answer })
  .superRefine((v, ctx) => {
    if (v.question === undefined && v.questions === undefined)
      ctx.addIssue({ code: "custom", path: ["question"], message: "fields.required" });
  })
  .transform(({ question: q, questions: qs, answer: a }) => ({
    questions: phrasings(q, qs) ?? [],
    answer: a,
  }));
export type TeachInput = z.infer<typeof teachSchema>;

/** Only what is sent changes. */
export const reteachSchema = z
  .object({ question: question.optional(), questions: questions.optional(), answer: answer.optional() })
  .transform(({ question: q, questions: qs, answer: a }) => ({ questions: phrasings(q, qs), answer: a }));

/** The phrasings sent, each once (compared as typed), at most PHRASINGS_MAX. */
function phrasings(one: string | undefined, many: string[] | undefined): string[] | undefined {
  if (one === undefined && many === undefined) return undefined;
  return [...new Set([...(one === undefined ? [] : [one]), ...(many ?? [])])].slice(0, PHRASINGS_MAX);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Anything that cannot be a taught answer's id is simply not found. */
const answerParams = z.object({
  id: z
    .string()
    .regex(UUID)
    .transform((s) => s.toLowerCase())
    .describe("the taught answer's uuid"),
});

const bodyLimit = jsonLimitFor(PHRASINGS_MAX * QUESTION_MAX + ANSWER_MAX);

export const answerContracts = {
  listAnswers: defineRoute({
    method: "GET",
    path: "/api/v1/agent/answers",
    auth: "owner-agent",
    summary: "The answers the owner taught the agent, newest first.",
    data: z.array(taughtAnswerSchema),
  }),
  teachAnswer: defineRoute({
    method: "POST",
    path: "/api/v1/agent/answers",
    auth: "owner-agent",
    summary:
      "Teaches an answer to a question (`question`, or several phrasings as `questions`); it counts as a document.",
    body: teachSchema,
    bodyLimit,
    data: taughtAnswerSchema,
  }),
  updateAnswer: defineRoute({
    method: "PATCH",
    path: "/api/v1/agent/answers/:id",
    auth: "owner-agent",
    summary: "Changes a taught answer's phrasings or its answer.",
    params: answerParams,
    body: reteachSchema,
    bodyLimit,
    notFound: "answer_not_found",
    data: taughtAnswerSchema,
  }),
  deleteAnswer: defineRoute({
    method: "DELETE",
    path: "/api/v1/agent/answers/:id",
    auth: "owner-agent",
    summary: "Removes a taught answer.",
    params: answerParams,
    notFound: "answer_not_found",
    data: z.object({ id: z.string() }),
  }),
};
