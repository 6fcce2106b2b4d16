import { afterEach, describe, expect, it } from "vitest";
import { BUILTIN_MODEL, chooseModel } from "@/lib/chat/models";

const KEY = Symbol.for("agentcity.config");
const NAMES = ["LLM_BASE_URL", "LLM_MODELS", "LLM_API_KEY"] as const;
const saved = Object.fromEntries(NAMES.map((k) => [k, process.env[k]]));

/** config() is read once per process: set the environment, then forget the parsed copy. */
function withModels(baseUrl: string, models: string, apiKey?: string) {
  process.env.LLM_BASE_URL = baseUrl;
  process.env.LLM_MODELS = models;
  if (apiKey) process.env.LLM_API_KEY = apiKey;
  else delete process.env.LLM_API_KEY;
  delete (globalThis as Record<symbol, unknown>)[KEY];
}

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

const modelOf = (choice: string | null) => {
  const chosen = chooseModel(choice);
  if (chosen.kind !== "llm") throw new Error(`expected a language model, got ${chosen.kind}`);
  return chosen;
};

describe("the model an agent answers with", () => {
  it("is made once per configured model and shared by every answer", () => {
    withModels("http://127.0.0.1:9/v1", "small,large");
    const first = modelOf("large");
    expect(first.id).toBe("large");
    expect(modelOf("large").model).toBe(first.model);
    // Another model is its own object; a choice no longer configured answers with the default.
    expect(modelOf("small").model).not.toBe(first.model);
    expect(modelOf("gone").model).toBe(modelOf("small").model);
    expect(chooseModel(BUILTIN_MODEL).kind).toBe("builtin");
  });

  it("is made anew when the server or key it talks to changes", () => {
    withModels("http://127.0.0.1:9/v1", "small");
    const before = modelOf(null).model;
    withModels("http://127.0.0.1:10/v1", "small");
    const moved = modelOf(null).model;
    expect(moved).not.toBe(before);
    withModels("http://127.0.0.1:10/v1", "small", "sk-other");
    expect(modelOf(null).model).not.toBe(moved);
  });
});
