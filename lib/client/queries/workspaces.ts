"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { AuditEventView } from "@/lib/contracts/audit";
import { contracts } from "@/lib/contracts/client";
import type { WorkspaceRole } from "@/lib/contracts/workspaces";
import { contractQuery, keyOf } from "./keys";

/** Settings → Members and Audit (issue 45): the current workspace, its members, invitations and log. */

const membersKey = keyOf(contracts.listMembers);
const auditKey = keyOf(contracts.listAudit);

export function useCurrentWorkspace() {
  return useQuery(contractQuery(contracts.getWorkspace));
}

export function useMembers() {
  return useQuery(contractQuery(contracts.listMembers));
}

/** Each change to the roster refreshes it and the log that records it. */
function useRosterMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: membersKey });
      await client.invalidateQueries({ queryKey: auditKey });
    },
  });
}

export const useInvite = () =>
  useRosterMutation((body: { email: string; role: Exclude<WorkspaceRole, "owner"> }) =>
    api.call(contracts.inviteMember, { body }),
  );

export const useChangeRole = () =>
  useRosterMutation(({ id, role }: { id: string; role: WorkspaceRole }) =>
    api.call(contracts.changeMemberRole, { params: { id }, body: { role } }),
  );

export const useRemoveMember = () =>
  useRosterMutation((id: string) => api.call(contracts.removeMember, { params: { id } }));

export const useWithdrawInvitation = () =>
  useRosterMutation((id: string) => api.call(contracts.withdrawInvitation, { params: { id } }));

type AuditPage = { items: AuditEventView[]; next: string | null };

/** The log newest first, 50 at a time on the API's `last_id` cursor. */
export function useAuditLog() {
  const query = useInfiniteQuery({
    queryKey: auditKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditPage> => {
      const { data, meta } = await api.callWithMeta(
        contracts.listAudit,
        { query: { last_id: pageParam ?? undefined, limit: 50 } },
        { signal },
      );
      const next = meta?.last_id ?? null;
      return { items: data ?? [], next: meta?.has_more && next && next !== pageParam ? next : null };
    },
    getNextPageParam: (last) => last.next,
  });
  const items = (query.data?.pages ?? []).flatMap((p) => p.items);
  return { ...query, items };
}
