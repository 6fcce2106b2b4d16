"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { contracts } from "@/lib/contracts/client";
import { contractQuery, keyOf } from "./keys";

const apiKeysKey = keyOf(contracts.listApiKeys);

/** The agent's API keys, newest first (never the keys themselves). */
export function useApiKeys() {
  return useQuery(contractQuery(contracts.listApiKeys));
}

/** Makes a key; the answer holds the key itself, which the panel shows once and forgets. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(contracts.createApiKey, { body: { name } }),
    onSuccess: ({ key: _, ...created }) =>
      client.setQueryData<ApiKeyView[]>(apiKeysKey, (list) => [
        { ...created, last_used_at: null },
        ...(list ?? []),
      ]),
  });
}

/** Revokes a key; it leaves the list once the server has deleted it. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.revokeApiKey, { params: { id } }),
    onSuccess: (_, id) =>
      client.setQueryData<ApiKeyView[]>(apiKeysKey, (list) => list?.filter((k) => k.id !== id)),
  });
}
