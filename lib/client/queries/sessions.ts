"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { apiKey, paths, urlOf } from "./keys";

/** One row of GET /api/v1/user/sessions. */
export type SessionRow = {
  id: string;
  method: string;
  user_agent: string | null;
  ip: string | null;
  inserted_at: string;
  last_seen_at: string;
  current: boolean;
};

const sessionsKey = apiKey(paths.sessions);

/** The user's active sessions. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get<SessionRow[]>(urlOf(sessionsKey), { signal }),
  });
}

/** Ends one session; it leaves the list once the server has ended it. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(paths.sessionOf(id)),
    onSuccess: (_, id) =>
      client.setQueryData<SessionRow[]>(sessionsKey, (list) => list?.filter((s) => s.id !== id)),
  });
}

/** Ends every session, this one included (the answer clears its cookies). */
export function useEndAllSessions() {
  return useMutation({ mutationFn: () => api.del(paths.sessions) });
}
