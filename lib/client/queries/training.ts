"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddResult, CrawledPage, TrainingDocument } from "@/components/training/types";
import { api } from "@/lib/client/api";
import { apiKey, paths, urlOf } from "./keys";

/** How often the documents refresh while something is still being learned. */
export const POLL_MS = 3_000;

export type TrainingSummary = { processing: number; completed: number; failed: number; characters: number };
export type DocumentsPage = {
  items: TrainingDocument[];
  totalPages: number;
  summary: TrainingSummary | null;
};

const documentsKey = (page: number) => apiKey(paths.documents, { page });

/** A query that asks again every few seconds while anything it shows is processing, and stops after. */
const pollWhile =
  (processing: (data: DocumentsPage) => boolean) => (query: { state: { data?: DocumentsPage } }) =>
    query.state.data && processing(query.state.data) ? POLL_MS : false;

function documentsQuery(page: number) {
  const key = documentsKey(page);
  return {
    queryKey: key,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DocumentsPage> => {
      const { data, meta } = await api.list<
        TrainingDocument[],
        { total_pages?: number; summary?: TrainingSummary }
      >(urlOf(key), { signal });
      return { items: data, totalPages: meta?.total_pages ?? 1, summary: meta?.summary ?? null };
    },
  };
}

/**
 * One page of the agent's documents (AGENT-6). The page on screen stays while the next one loads, and
 * the list refreshes itself while a document on it is processing.
 */
export function useDocuments(page: number) {
  return useQuery({
    ...documentsQuery(page),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile((d) => d.items.some((doc) => doc.status === "processing")),
  });
}

/** The counts over every document (AGENT-5), refreshed while anything is processing; off without an agent. */
export function useTrainingSummary(enabled: boolean) {
  return useQuery({
    ...documentsQuery(1),
    enabled,
    select: (d) => d.summary,
    refetchInterval: pollWhile((d) => Boolean(d.summary?.processing)),
  });
}

/**
 * A website's pages as read so far. The document's status is part of the key: a crawl that moved on has
 * other pages to show, and the ones on screen stay until they arrive.
 */
export function useCrawledPages(id: string, status: string) {
  const key = apiKey(paths.documentPages(id));
  return useQuery({
    queryKey: [...key, status] as const,
    queryFn: ({ signal }) => api.get<CrawledPage[]>(urlOf(key), { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshDocuments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [paths.documents] });
}

export type NewDocument =
  | FormData
  | { type: "text"; title: string; content: string }
  | { type: "url"; url: string };

/** Adds files, a text or a website; the lists refresh after it, whatever got in. */
export function useAddDocuments() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (input: NewDocument) => api.post<AddResult>(paths.document, input),
    onSuccess: () => void refresh(),
  });
}

/** Removes several documents; answers how many went, and the lists refresh whatever the outcome. */
export function useRemoveDocuments() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => api.del(paths.documentOf(id))));
      return results.filter((r) => r.status === "fulfilled").length;
    },
    onSettled: () => void refresh(),
  });
}

/** Learns a failed document again, or crawls a website anew. */
export function useRetryDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: string) => api.post(paths.documentRetry(id)),
    onSuccess: () => void refresh(),
  });
}
