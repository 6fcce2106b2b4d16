"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, api } from "@/lib/client/api";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { type BodyInput, contracts } from "@/lib/contracts/client";
import type { ModelInfo } from "@/lib/contracts/models";
import { contractQuery, keyOf } from "./keys";

export const agentKey = keyOf(contracts.getAgent);

/** What the setup form posts (AGENT-1): the contract's body. */
export type AgentInput = BodyInput<typeof contracts.saveAgent>;

/**
 * The signed-in owner's agent; null when there is none yet (a 404 is an answer, not a failure). `initial`
 * is what the server already read; undefined when it could not (a page rendered with only a renewal
 * token), and the browser loads it after renewing. What the server just read is not asked for again;
 * without it, each panel that mounts reads the stored agent anew (showing the cached one meanwhile).
 */
export function useOwnerAgentQuery(initial?: OwnerAgent | null) {
  return useQuery({
    queryKey: agentKey,
    queryFn: async ({ signal }): Promise<OwnerAgent | null> => {
      try {
        return await api.call(contracts.getAgent, {}, { signal });
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
    mutationFn: (input: AgentInput) => api.call(contracts.saveAgent, { query: { locale }, body: input }),
    onSuccess: (saved) => client.setQueryData(agentKey, saved),
  });
}

/** The models this server offers (CHAT-3); null until loaded or when the list cannot be read. */
export function useModels(): ModelInfo[] | null {
  const { data } = useQuery({ ...contractQuery(contracts.listModels), staleTime: 5 * 60_000 });
  return data ?? null;
}
