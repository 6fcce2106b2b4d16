"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { ApiClientError, api, errorOf, readJson, sendRenewing } from "@/lib/client/api";
import type { ChatMessage } from "@/lib/client/chat-types";
import {
  appendUnique,
  type DayCount,
  daysBetween,
  type ExportFormat,
  exportFileName,
  type HistoryConversation,
  type HistoryMeta,
  type Insights,
} from "@/lib/client/history";
import { apiKey, paths, urlOf } from "./keys";

const notFound = (err: unknown) => err instanceof ApiClientError && err.status === 404;

type ConversationsPage = { items: HistoryConversation[]; next: string | null };

/**
 * HIST-1: the owner's conversations for a filter, newest first, 20 a page, following the API's `last_id`
 * cursor. A new filter is a new list from its first page; each conversation is kept once.
 */
export function useConversations(filter: { tz: string; q: string; date: string | null }) {
  const key = apiKey(paths.conversations, { tz: filter.tz, date: filter.date, q: filter.q.trim() });
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ConversationsPage> => {
      try {
        const { data, meta } = await api.list<HistoryConversation[], HistoryMeta>(
          urlOf(key, { last_id: pageParam }),
          { signal },
        );
        const next = meta?.last_id ?? null;
        // A cursor that does not move would load the same page forever.
        return { items: data ?? [], next: meta?.has_more && next && next !== pageParam ? next : null };
      } catch (err) {
        // No agent yet: nobody could have talked to it.
        if (notFound(err) && pageParam === null) return { items: [], next: null };
        throw err;
      }
    },
    getNextPageParam: (last) => last.next,
  });
  const items = (query.data?.pages ?? []).reduce<HistoryConversation[]>(
    (all, p) => appendUnique(all, p.items),
    [],
  );
  return { ...query, items };
}

/** Every page of a conversation's messages (50 each), oldest first. */
async function allMessages(conversationId: string, signal: AbortSignal): Promise<ChatMessage[]> {
  const key = apiKey(paths.conversationMessages, { conversation_id: conversationId });
  const all: ChatMessage[] = [];
  const seen = new Set<string>();
  let lastId: string | null = null;
  for (let i = 0; i < 100; i++) {
    const url: string = urlOf(key, { last_id: lastId });
    const { data, meta } = await api.list<ChatMessage[], Partial<HistoryMeta>>(url, { signal });
    for (const m of data ?? []) if (!seen.has(m.id) && seen.add(m.id)) all.push(m);
    if (!meta?.has_more || !meta.last_id || meta.last_id === lastId) break;
    lastId = meta.last_id;
  }
  return all;
}

/** HIST-1: the whole exchange of one conversation. */
export function useConversationMessages(conversationId: string) {
  return useQuery({
    queryKey: apiKey(paths.conversationMessages, { conversation_id: conversationId }),
    queryFn: ({ signal }) => allMessages(conversationId, signal),
  });
}

/**
 * HIST-2: how many conversations each day of a range had, as a map by day. The marks on screen stay while
 * another month loads; a failure marks nothing.
 */
export function useConversationDays(range: { from: string; to: string; tz: string }) {
  const key = apiKey(paths.conversationDays, range);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<DayCount[]>(urlOf(key), { signal }),
    placeholderData: keepPreviousData,
  });
  return query.isError ? undefined : query.data;
}

/** HIST-3: a range's insight; without an agent, an empty range. */
export function useInsights(range: { from: string; to: string; tz: string }) {
  const key = apiKey(paths.insights, range);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<Insights> => {
      try {
        return await api.get<Insights>(urlOf(key), { signal });
      } catch (err) {
        if (!notFound(err)) throw err;
        const days = daysBetween(range.from, range.to).map((date) => ({
          date,
          conversations: 0,
          messages: 0,
        }));
        return { days, feedback: { helpful: 0, unhelpful: 0 }, unanswered: [] };
      }
    },
  });
}

/** HIST-2: a day's messages as a file (CSV or JSON), with the name the server gave it. */
export function useExportDay() {
  return useMutation({
    mutationFn: async (input: { date: string; tz: string; format: ExportFormat }) => {
      const res = await sendRenewing("GET", urlOf(apiKey(paths.conversationExport, input)), undefined, {
        headers: { accept: input.format === "csv" ? "text/csv, application/json" : "application/json" },
      });
      if (!res.ok) throw errorOf(res, await readJson(res));
      return {
        blob: await res.blob(),
        name: exportFileName(res.headers.get("content-disposition"), input.date, input.format),
      };
    },
  });
}
