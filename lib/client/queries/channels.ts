"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { ChannelView } from "@/lib/contracts/channels";
import { contracts } from "@/lib/contracts/client";
import type { BodyInput } from "@/lib/contracts/contract";
import { contractQuery, keyOf } from "./keys";

const channelsKey = keyOf(contracts.listChannels);

/** The agent's channels, newest first, with their state (never their tokens). */
export function useChannels() {
  return useQuery(contractQuery(contracts.listChannels));
}

export type ConnectChannelBody = BodyInput<typeof contracts.connectChannel>;

/** Connects one; the platform checks the tokens first. A Zalo OA may answer Zalo's authorization page. */
export function useConnectChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectChannelBody) => api.call(contracts.connectChannel, { body }),
    onSuccess: ({ authorize_url: _, ...made }) =>
      client.setQueryData<ChannelView[]>(channelsKey, (list) => [made, ...(list ?? [])]),
  });
}

const replace = (list: ChannelView[] | undefined, row: ChannelView) =>
  list?.map((c) => (c.id === row.id ? row : c));

export function usePauseChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      api.call(contracts.updateChannel, { params: { id }, body: { paused } }),
    onSuccess: (row) => client.setQueryData<ChannelView[]>(channelsKey, (list) => replace(list, row)),
  });
}

export function useTestChannel() {
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.testChannel, { params: { id } }),
  });
}

export function useDisconnectChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(contracts.disconnectChannel, { params: { id } }),
    onSuccess: (_, id) =>
      client.setQueryData<ChannelView[]>(channelsKey, (list) => list?.filter((c) => c.id !== id)),
  });
}
