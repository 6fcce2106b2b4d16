"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { type BodyInput, contracts } from "@/lib/contracts/client";
import { contractQuery, keyOf } from "./keys";

/** After a deletion every list, calendar mark and insight count of the history is read again. */
function useRefreshHistory() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [
        contracts.listConversations,
        contracts.conversationDays,
        contracts.insights,
        contracts.ownerMessages,
      ].map((c) => client.invalidateQueries({ queryKey: keyOf(c) })),
    );
}

export function useDeleteConversation() {
  const refresh = useRefreshHistory();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.deleteConversation, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useEraseVisitor() {
  const refresh = useRefreshHistory();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contracts.eraseVisitor>) =>
      api.call(contracts.eraseVisitor, { body }),
    onSuccess: () => refresh(),
  });
}

/** How long the current workspace keeps conversations, and whether the caller may change it. */
export function useRetention() {
  return useQuery(contractQuery(contracts.getRetention));
}

export function useSetRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (retention_days: BodyInput<typeof contracts.updateWorkspace>["retention_days"]) =>
      api.call(contracts.updateWorkspace, { body: { retention_days } }),
    onSuccess: (saved) =>
      client.setQueryData(keyOf(contracts.getRetention), {
        retention_days: saved.retention_days,
        can_change: true,
      }),
  });
}
