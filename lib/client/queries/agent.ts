"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, api } from "@/lib/client/api";
import type { OwnerAgent } from "@/lib/shared/agent-views";
import { apiKey, paths, urlOf } from "./keys";

export const agentKey = apiKey(paths.agent);
const modelsKey = apiKey(paths.models);

/** The fields POST /api/v1/agent takes (AGENT-1). */
export type AgentInput = {
  name: string;
  kind: OwnerAgent["kind"];
  greeting: string;
  suggested_questions: string[];
  instructions: string;
  fallback_message: string;
  language: OwnerAgent["language"];
  model: string;
};

/**
 * The signed-in owner's agent; null when there is none yet (a 404 is an answer, not a failure). `initial`
 * is what the server already read; undefined when it could not (a page rendered with only a renewal
 * token), and the browser loads it after renewing. What the server just read is not asked for again;
 * without it, each panel that mounts reads the stored agent anew (showing the cached one meanwhile).
 */
export function useOwnerAgentQuery(initial?: OwnerAgent | null) {
  return useQuery({
    queryKey: agentKey,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<OwnerAgent>(urlOf(agentKey), { signal });
      } catch (err) {
        if (err instanceof ApiClientError && err.status === 404) return null;
        throw err;
      }
    },
    initialData: initial,
    staleTime: initial === undefined ? 0 : Number.POSITIVE_INFINITY,
  });
}

/** Saves the agent; the stored one becomes what every panel shows. */
export function useSaveAgent(locale: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentInput) => api.post<OwnerAgent>(urlOf(agentKey, { locale }), input),
    onSuccess: (saved) => client.setQueryData(agentKey, saved),
  });
}

export type ModelInfo = { id: string; name: string; provider: string; default: boolean };

/** The models this server offers (CHAT-3); null until loaded or when the list cannot be read. */
export function useModels(): ModelInfo[] | null {
  const { data } = useQuery({
    queryKey: modelsKey,
    queryFn: ({ signal }) => api.get<ModelInfo[]>(urlOf(modelsKey), { signal }),
    staleTime: 5 * 60_000,
  });
  return data ?? null;
}
