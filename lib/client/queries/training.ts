"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { type BodyInput, contracts, type DataOf } from "@/lib/contracts/client";
import type { TrainingSummary } from "@/lib/contracts/training";
import { contractQuery, keyOf } from "./keys";

/** How often the documents refresh while something is still being learned. */
export const POLL_MS = 3_000;

export type DocumentsPage = {
  items: DataOf<typeof contracts.listDocuments>;
  totalPages: number;
  summary: TrainingSummary | null;
};

/** A query that asks again every few seconds while anything it shows is processing, and stops after. */
const pollWhile =
  (processing: (data: DocumentsPage) => boolean) => (query: { state: { data?: DocumentsPage } }) =>
    query.state.data && processing(query.state.data) ? POLL_MS : false;

function documentsQuery(page: number) {
  const input = { query: { page } };
  return {
    queryKey: keyOf(contracts.listDocuments, input),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DocumentsPage> => {
      const { data, meta } = await api.callWithMeta(contracts.listDocuments, input, { signal });
      // A server that leaves meta out still shows its one page.
      const known = meta as Partial<typeof meta> | undefined;
      return { items: data, totalPages: known?.total_pages ?? 1, summary: known?.summary ?? null };
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
    refetchInterval: pollWhile((d) => d.items.some((doc) => doc.status === "processing" || doc.crawling)),
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
  const { queryKey, queryFn } = contractQuery(contracts.documentPages, { params: { id } });
  return useQuery({
    queryKey: [...queryKey, status] as const,
    queryFn,
    placeholderData: keepPreviousData,
  });
}

function useRefreshDocuments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keyOf(contracts.listDocuments) });
}

/** Files as FormData, or a text or a website as the contract's JSON body. */
export type NewDocument = FormData | BodyInput<typeof contracts.addDocuments>;

/** Adds files, a text or a website; the lists refresh after it, whatever got in. */
export function useAddDocuments() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (input: NewDocument) => api.call(contracts.addDocuments, { body: input }),
    onSuccess: () => void refresh(),
  });
}

/** Removes several documents; answers how many went, and the lists refresh whatever the outcome. */
export function useRemoveDocuments() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(
        ids.map((id) => api.call(contracts.deleteDocument, { params: { id } })),
      );
      return results.filter((r) => r.status === "fulfilled").length;
    },
    onSettled: () => void refresh(),
  });
}

/** Learns a failed document again, or crawls a website anew. */
export function useRetryDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.retryDocument, { params: { id } }),
    onSuccess: () => void refresh(),
  });
}

/** A website's re-crawl schedule: manual, daily or weekly. */
export function useSetRecrawl() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (input: { id: string; recrawl: "manual" | "daily" | "weekly" }) =>
      api.call(contracts.updateDocument, { params: { id: input.id }, body: { recrawl: input.recrawl } }),
    onSettled: () => void refresh(),
  });
}

/** Crawls a website again now; its answers stay as they are until the changed pages are in. */
export function useCrawlNow() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.recrawlDocument, { params: { id } }),
    onSettled: () => void refresh(),
  });
}
