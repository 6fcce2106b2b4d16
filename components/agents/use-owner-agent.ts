"use client";

import { useOwnerAgentQuery } from "@/lib/client/queries/agent";
import { type LoadState, loadStateOf } from "@/lib/client/queries/load-state";
import type { OwnerAgent } from "@/lib/contracts/agent";

export type OwnerAgentState = LoadState<OwnerAgent | null>;

/**
 * The signed-in owner's agent for a client panel: loading, failed (with `load` to try again), or ready
 * with the agent or null when there is none yet. `initial` is what the server already read.
 */
export function useOwnerAgent(initial: OwnerAgent | null | undefined) {
  const query = useOwnerAgentQuery(initial);
  return { loaded: loadStateOf(query), load: () => void query.refetch() };
}
