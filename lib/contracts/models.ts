import { z } from "zod";
import { defineRoute } from "./contract";

/** The language models an owner can pick for their agent (CHAT-3). */
export const modelInfoSchema = z.object({
  id: z.string().describe("what POST /api/v1/agent takes as `model`"),
  name: z.string(),
  provider: z.enum(["openai-compatible", "builtin"]),
  default: z.boolean().describe("the model an agent without a choice answers with"),
});
export type ModelInfo = z.infer<typeof modelInfoSchema>;

export const modelContracts = {
  listModels: defineRoute({
    method: "GET",
    path: "/api/v1/models",
    auth: "user",
    summary: 'The models an owner can pick for their agent; "builtin" is always there.',
    data: z.array(modelInfoSchema),
  }),
};
