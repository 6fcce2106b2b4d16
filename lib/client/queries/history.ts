"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { ApiClientError, api, errorOf, readJson, sendRenewing, urlOf } from "@/lib/client/api";
import { appendUnique, daysBetween, exportFileName } from "@/lib/client/history";
import type { ConversationView, MessageView } from "@/lib/contracts/chat";
import { contracts, type MetaOf } from "@/lib/contracts/client";
import type { ExportFormat, Insights } from "@/lib/contracts/history";
import { contractQuery, keyOf } from "./keys";

const notFound = (err: unknown) => err instanceof ApiClientError && err.status === 404;

type ConversationsPage = { items: ConversationView[]; next: string | null };

/**
 * HIST-1: the owner's conversations for a filter, newest first, 20 a page, following the API's `last_id`
 * cursor. A new filter is a new list from its first page; each conversation is kept once.
 */
export function useConversations(filter: { tz: string; q: string; date: string | null }) {
  const filterQuery = { tz: filter.tz, date: filter.date || undefined, q: filter.q.trim() || undefined };
  const query = useInfiniteQuery({
    queryKey: keyOf(contracts.listConversations, { query: filterQuery }),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ConversationsPage> => {
      try {
        const { data, meta } = await api.callWithMeta(
          contracts.listConversations,
          { query: { ...filterQuery, last_id: pageParam ?? undefined } },
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
  const items = (query.data?.pages ?? []).reduce<ConversationView[]>(
    (all, p) => appendUnique(all, p.items),
    [],
  );
  return { ...query, items };
}

/** Every page of a conversation's messages (50 each), oldest first. */
async function allMessages(conversationId: string, signal: AbortSignal): Promise<MessageView[]> {
  const all: MessageView[] = [];
  const seen = new Set<string>();
  let lastId: string | null = null;
  for (let i = 0; i < 100; i++) {
    const query = { conversation_id: conversationId, last_id: lastId ?? undefined };
    // A server that leaves meta out has no more pages.
    const page: { data: MessageView[]; meta?: Partial<MetaOf<typeof contracts.ownerMessages>> } =
      await api.callWithMeta(contracts.ownerMessages, { query }, { signal });
    const { data, meta } = page;
    for (const m of data ?? []) if (!seen.has(m.id) && seen.add(m.id)) all.push(m);
    if (!meta?.has_more || !meta.last_id || meta.last_id === lastId) break;
    lastId = meta.last_id;
  }
  return all;
}

/** HIST-1: the whole exchange of one conversation. */
export function useConversationMessages(conversationId: string) {
  return useQuery({
    queryKey: keyOf(contracts.ownerMessages, { query: { conversation_id: conversationId } }),
    queryFn: ({ signal }) => allMessages(conversationId, signal),
  });
}

/**
 * HIST-2: how many conversations each day of a range had, as a map by day. The marks on screen stay while
 * another month loads; a failure marks nothing.
 */
export function useConversationDays(range: { from: string; to: string; tz: string }) {
  const query = useQuery({
    ...contractQuery(contracts.conversationDays, { query: range }),
    placeholderData: keepPreviousData,
  });
  return query.isError ? undefined : query.data;
}

/** HIST-3: a range's insight; without an agent, an empty range. */
export function useInsights(range: { from: string; to: string; tz: string }) {
  const input = { query: range };
  return useQuery({
    queryKey: keyOf(contracts.insights, input),
    queryFn: async ({ signal }): Promise<Insights> => {
      try {
        return await api.call(contracts.insights, input, { signal });
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
      const url = urlOf(contracts.exportDay, { query: input });
      const res = await sendRenewing(contracts.exportDay.method, url, undefined, {
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
