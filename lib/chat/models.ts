import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { config } from "@/lib/config";
import type { ModelInfo } from "@/lib/contracts/models";

/**
 * The language models an owner can choose (CHAT-3): the configured OpenAI-compatible ones, and always the
 * built-in mode, which quotes the best passages without a model (the default when none is configured).
 */
export const BUILTIN_MODEL = "builtin";

export type { ModelInfo } from "@/lib/contracts/models";

export function availableModels(): ModelInfo[] {
  const configured = llmModelIds();
  return [
    ...configured.map((id, i) => ({
      id,
      name: id,
      provider: "openai-compatible" as const,
      default: i === 0,
    })),
    { id: BUILTIN_MODEL, name: "Built-in (quotes)", provider: "builtin", default: configured.length === 0 },
  ];
}

function llmModelIds(): string[] {
  const { LLM_BASE_URL, LLM_MODELS } = config();
  return LLM_BASE_URL ? LLM_MODELS : [];
}

/** A configured model: the provider's own object, whose stream an answer reads directly (./model-stream.ts). */
export type ChatModel = ReturnType<ReturnType<typeof createOpenAICompatible>>;
export type ChosenModel = { kind: "llm"; id: string; model: ChatModel } | { kind: "builtin" };

/**
 * The model an agent answers with: its own choice while that is still configured, else the default. A model
 * removed from configuration must not silence every agent that had picked it.
 */
export function chooseModel(agentModel: string | null): ChosenModel {
  const ids = llmModelIds();
  if (agentModel === BUILTIN_MODEL || ids.length === 0) return { kind: "builtin" };
  const id = agentModel && ids.includes(agentModel) ? agentModel : ids[0]!;
  return { kind: "llm", id, model: modelFor(id) };
}

/**
 * One model object per configured model, made once: the provider builds its response schemas (zod) in each
 * model's constructor, ~0.7 ms of CPU that every answer paid when a model was made per answer (issue 18).
 * A model holds its settings only, so answers share it.
 */
let cached: {
  key: string;
  make: ReturnType<typeof createOpenAICompatible>;
  models: Map<string, ChatModel>;
} | null = null;

function modelFor(id: string): ChatModel {
  const { LLM_BASE_URL, LLM_API_KEY } = config();
  const key = `${LLM_BASE_URL}|${LLM_API_KEY ?? ""}`;
  if (!cached || cached.key !== key) {
    cached = {
      key,
      make: createOpenAICompatible({
        name: "llm",
        baseURL: LLM_BASE_URL!,
        apiKey: LLM_API_KEY,
        includeUsage: true,
      }),
      models: new Map(),
    };
  }
  let model = cached.models.get(id);
  if (!model) {
    model = cached.make(id);
    cached.models.set(id, model);
  }
  return model;
}
