"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { TaughtAnswerItem } from "@/lib/contracts/answers";
import { type BodyInput, contracts } from "@/lib/contracts/client";
import { contractQuery, keyOf } from "./keys";

const answersKey = keyOf(contracts.listAnswers);

/** The answers the owner taught the agent, newest first (issue 44). */
export function useTaughtAnswers() {
  return useQuery(contractQuery(contracts.listAnswers));
}

function useSetAnswers() {
  const client = useQueryClient();
  return (change: (list: TaughtAnswerItem[]) => TaughtAnswerItem[]) => {
    client.setQueryData<TaughtAnswerItem[]>(answersKey, (list) => (list ? change(list) : list));
    // Taught answers count as documents: the plan's usage shown elsewhere moves with them.
    void client.invalidateQueries({ queryKey: keyOf(contracts.listDocuments) });
  };
}

/** Teaches a new answer (from Setup's Q&A list or Insight's "Add an answer"). */
export function useTeachAnswer() {
  const set = useSetAnswers();
  return useMutation({
    mutationFn: (body: BodyInput<typeof contracts.teachAnswer>) => api.call(contracts.teachAnswer, { body }),
    onSuccess: (made) => set((list) => [made, ...list]),
  });
}

export function useUpdateAnswer() {
  const set = useSetAnswers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyInput<typeof contracts.updateAnswer> }) =>
      api.call(contracts.updateAnswer, { params: { id }, body }),
    onSuccess: (changed) => set((list) => list.map((a) => (a.id === changed.id ? changed : a))),
  });
}

export function useDeleteAnswer() {
  const set = useSetAnswers();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.deleteAnswer, { params: { id } }),
    onSuccess: (_, id) => set((list) => list.filter((a) => a.id !== id)),
  });
}
