"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";
import type { SessionRow } from "@/lib/contracts/user";
import { contractQuery, keyOf } from "./keys";

const sessionsKey = keyOf(contracts.listSessions);

/** The user's active sessions. */
export function useSessions() {
  return useQuery(contractQuery(contracts.listSessions));
}

/** Ends one session; it leaves the list once the server has ended it. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.endSession, { params: { id } }),
    onSuccess: (_, id) =>
      client.setQueryData<SessionRow[]>(sessionsKey, (list) => list?.filter((s) => s.id !== id)),
  });
}

/** Ends every session, this one included (the answer clears its cookies). */
export function useEndAllSessions() {
  return useMutation({ mutationFn: () => api.call(contracts.endAllSessions) });
}
